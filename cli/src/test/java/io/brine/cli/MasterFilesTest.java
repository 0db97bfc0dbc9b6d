package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.master.TestPorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a master process leaves in its cachedir: every file owner-only, and SQLite's native library extracted there
 * (not into java.io.tmpdir), so that a {@code noexec} {@code /tmp} does not stop the master.
 */
class MasterFilesTest {
    @TempDir
    Path root;

    @FunctionalInterface
    private interface WhileRunning {
        void check(String log) throws Exception;
    }

    /**
     * Starts {@code brine master} with {@code tmp} as its java.io.tmpdir, waits for it to listen, checks what it
     * made while it runs (the driver deletes its library when the JVM exits), then stops it.
     */
    private void runMaster(Path tmp, WhileRunning check) throws Exception {
        Path yaml = Files.writeString(root.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: "
                + TestPorts.free() + "\npki_dir: " + root.resolve("pki") + "\ncachedir: " + root.resolve("cache")
                + "\n");
        Path log = root.resolve("master.log");
        Process master = new ProcessBuilder(BrineProcess.command(System.getProperty("java.class.path"),
                List.of("-Djava.io.tmpdir=" + tmp), "master", "-c", yaml.toString())).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            Await.until(() -> read(log).contains("brine master listening") || !master.isAlive(),
                    "the master to listen", Duration.ofSeconds(60));
            assertTrue(master.isAlive(), read(log));
            check.check(read(log));
        } finally {
            master.destroy();
            assertTrue(master.waitFor(30, TimeUnit.SECONDS));
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static List<Path> sqliteLibraries(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().matches("sqlite-.*libsqlitejdbc\\.so")).toList();
        }
    }

    @Test
    void sqlitesLibraryIsExtractedUnderTheCachedirAndEverythingThereIsOwnerOnly() throws Exception {
        Path tmp = Files.createDirectories(root.resolve("tmp"));
        runMaster(tmp, log -> assertExtractedUnderTheCachedir(tmp));
    }

    private void assertExtractedUnderTheCachedir(Path tmp) throws Exception {
        assertEquals(List.of(), sqliteLibraries(tmp), "nothing extracted into java.io.tmpdir");
        List<Path> extracted = sqliteLibraries(root.resolve("cache"));
        assertEquals(1, extracted.size(), "one library under the cachedir: " + extracted);
        assertEquals(root.resolve("cache/native"), extracted.get(0).getParent());
        try (Stream<Path> all = Files.walk(root.resolve("cache"))) {
            for (Path p : all.toList()) {
                String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
                assertTrue(mode.endsWith("------"), p + " is " + mode);
                if (Files.isDirectory(p)) {
                    assertEquals("rwx------", mode, p.toString());
                }
            }
        }
        assertTrue(Files.exists(root.resolve("cache/jobs.sqlite")));
    }

    @Test
    void aNoexecTmpdirDoesNotStopTheMaster() throws Exception {
        assumeTrue(BrineProcess.root(), "mounting a tmpfs needs root");
        Path tmp = Files.createDirectories(root.resolve("noexec"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "noexec,size=16m", "tmpfs", tmp.toString())
                .redirectErrorStream(true).start();
        assumeTrue(mount.waitFor(30, TimeUnit.SECONDS) && mount.exitValue() == 0, "this host lets root mount a tmpfs");
        try {
            runMaster(tmp, log -> assertExtractedUnderTheCachedir(tmp));
        } finally {
            new ProcessBuilder("umount", tmp.toString()).start().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
