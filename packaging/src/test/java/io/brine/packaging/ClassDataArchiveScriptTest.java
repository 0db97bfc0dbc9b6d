package io.brine.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/class-data-archive.bash}, which both launchers source, run by bash against a {@code java} of the
 * test's own on the PATH that notes its arguments and writes the files a JVM would (the class list, the archive):
 * when it lists (the minion's list up to its first state or template), dumps and maps, and that it never uses a directory
 * others may write to, nor an archive made for another jar. (The real JVM and archive: LauncherIT and PackagesIT.)
 */
class ClassDataArchiveScriptTest {
    private static final Path LIBRARY = Path.of("../scripts/class-data-archive.bash").toAbsolutePath().normalize();
    private static final String FAKE_JAVA = """
            #!/bin/sh
            echo "$*" >>"$JAVA_CALLS"
            for a in "$@"; do
              case "$a" in
                -XX:DumpLoadedClassList=*) printf '%s\\n' ${FAKE_CLASSES:-io/brine/transport/DealerLoop \\
                  com/hubspot/jinjava/Jinjava io/brine/states/Later} >"${a#*=}" ;;
                -XX:SharedArchiveFile=*) case " $* " in *" -Xshare:dump "*) echo archive >"${a#*=}" ;; esac ;;
              esac
            done
            """;

    @TempDir
    Path dir;
    private Path jar;
    private Path cds;
    private Path calls;
    /** The classes the fake JVM lists, when not its default list (which has a template after connecting). */
    private String fakeClasses;

    @BeforeEach
    void fakeJavaAndJar() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("java"), FAKE_JAVA);
        Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        jar = Files.writeString(dir.resolve("minion.jar"), "a jar");
        cds = dir.resolve("cache/cds");
        calls = dir.resolve("calls");
    }

    @Test
    void theFirstRunListsTheNextDumpsAndMapsAndLaterOnesMapOnly() throws Exception {
        List<String> first = launch();
        assertTrue(lastCall().contains("-XX:DumpLoadedClassList=" + cds.resolve("minion.classlist")), lastCall());
        assertEquals(List.of("io/brine/transport/DealerLoop"), Files.readAllLines(cds.resolve("minion.classlist")),
                "the first run's list is kept, up to its first template (Jinjava's classes and all after them)");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cds)));
        assertFalse(first.toString().contains("SharedArchiveFile"), first.toString());

        List<String> second = launch();
        assertTrue(Files.readString(calls).contains("-Xshare:dump"), "the second run dumps the archive");
        assertTrue(second.contains("-XX:SharedArchiveFile=" + cds.resolve("minion.jsa")), second.toString());

        Files.delete(calls);
        List<String> third = launch();
        assertEquals(second, third, "later runs map the same archive");
        assertFalse(Files.exists(calls), "and start no JVM of their own: " + third);
    }

    @Test
    void theMinionsListStopsAtTheStateEngineAsAtTemplates() throws Exception {
        fakeClasses = "io/brine/transport/DealerLoop io/brine/protocol/Jid io/brine/states/StateEngine "
                + "io/brine/states/StateJob";
        launch();
        assertEquals(List.of("io/brine/transport/DealerLoop", "io/brine/protocol/Jid"),
                Files.readAllLines(cds.resolve("minion.classlist")), "what an idle agent, pinged, loads");
    }

    @Test
    void aDirectoryOthersMayWriteToIsNeitherReadNorWritten() throws Exception {
        launch();
        launch();
        Files.setPosixFilePermissions(cds, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.delete(calls);
        List<String> opts = launch();
        assertFalse(opts.toString().contains("SharedArchiveFile"), "its archive is not mapped: " + opts);
        assertFalse(Files.exists(calls), "nor is a list written or an archive dumped there");
    }

    @Test
    void anArchiveMadeForAnotherJarIsNotMappedButMadeAgain() throws Exception {
        launch();
        launch();
        Files.delete(jar);
        Files.writeString(jar, "another jar");
        List<String> opts = launch();
        assertFalse(opts.toString().contains("SharedArchiveFile"), opts.toString());
        assertTrue(lastCall().contains("-XX:DumpLoadedClassList="), "a new list for the new jar: " + lastCall());
    }

    /**
     * Sources the library as the minion's launcher does and calls {@code static_archive minion}; returns the JVM
     * options it chose (none printed when it ran the command itself, to keep its class list).
     */
    private List<String> launch() throws IOException, InterruptedException {
        String script = "set -euo pipefail; jar='" + jar + "'; cds_dir='" + cds + "'; opts=(); user_opts=(); "
                + "args=(minion); . '" + LIBRARY + "'; static_archive minion lists_a_connection_until_states_or_templates; "
                + "printf '%s\\n' ${opts[@]+\"${opts[@]}\"}";
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true);
        pb.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        pb.environment().put("JAVA_CALLS", calls.toString());
        if (fakeClasses != null) {
            pb.environment().put("FAKE_CLASSES", fakeClasses);
        }
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "bash ended");
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }

    private String lastCall() throws IOException {
        List<String> lines = Files.readAllLines(calls);
        return lines.get(lines.size() - 1);
    }
}
