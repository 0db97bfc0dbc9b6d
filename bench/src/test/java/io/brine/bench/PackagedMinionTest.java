package io.brine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The footprint scenario's minion runs with the package's own JVM options, read from the package's file. */
class PackagedMinionTest {
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
