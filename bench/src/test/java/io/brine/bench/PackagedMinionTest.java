package io.brine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The footprint scenario's minion runs through the package's own launcher, with its own JVM options. */
class PackagedMinionTest {
    @TempDir
    Path dir;

    @Test
    void theLauncherAndItsLibraryAreThePackagesFilesLaidOutAsInstalled() throws Exception {
        Path launcher = PackagedMinion.install(dir);
        assertEquals(dir.resolve("bin/brine-minion"), launcher);
        assertEquals(Files.readString(Path.of("../packaging/src/deb/minion/files/brine-minion")),
                Files.readString(launcher));
        assertTrue(Files.isExecutable(launcher), "the launcher is executable");
        // the launcher sources ../lib/class-data-archive.bash, as installed under /usr/share/brine
        assertEquals(Files.readString(Path.of("../scripts/class-data-archive.bash")),
                Files.readString(dir.resolve("lib/class-data-archive.bash")));
        assertTrue(Files.readString(launcher).contains("\"$here/../lib/class-data-archive.bash\""));
    }

    @Test
    void theOptionsAreThoseOfTheMinionPackagesEnvironmentFile() throws Exception {
        Path file = Path.of("../packaging/src/deb/minion/files", PackagedMinion.OPTIONS_FILE);
        List<String> packaged = PackagedMinion.parse(Files.readString(file));
        assertEquals(packaged, PackagedMinion.jvmOptions(), "the copy in the bench's jar is the package's file");
        assertTrue(packaged.contains("-XX:+UseSerialGC") && packaged.contains("-Xmx256m"), packaged.toString());
    }

    @Test
    void theWordsOfTheVariableAreReadAndAFileWithoutItIsAnError() {
        assertEquals(List.of("-Xmx1m", "-Xss1m"),
                PackagedMinion.parse("# comment\nBRINE_MINION_JAVA_OPTS=\"-Xmx1m  -Xss1m\""));
        assertThrows(IllegalStateException.class, () -> PackagedMinion.parse("OTHER=\"-Xmx1m\"\n"));
    }
}
