package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobState;
import io.brine.targeting.TargetType;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One master per cachedir, and a damaged job cache that costs history, never the start. */
class CacheDirTest {
    @TempDir
    Path root;

    @Test
    void aSecondMasterOnTheSameCachedirRefusesToStartNamingTheFirst() throws Exception {
        MasterConfig config = MasterConfig.underDirectory(root, 0);
        try (Master first = Master.start(config)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Master.start(config.withApi(null)));
            assertTrue(e.getMessage().contains("another master (pid " + ProcessHandle.current().pid() + ")"),
                    e.getMessage());
        }
        // Released with the first: the next start works.
        Master.start(config).close();
    }

    @Test
    void theRunningMastersPidIsFoundWithoutCreatingOrKeepingTheLock() throws Exception {
        MasterConfig config = MasterConfig.underDirectory(root, 0);
        assertEquals(java.util.Optional.empty(), MasterPreflight.runningMaster(config.cacheDir()));
        assertTrue(!Files.exists(config.cacheDir()), "asking created the cachedir");
        try (Master master = Master.start(config)) {
            assertEquals(java.util.Optional.of(Long.toString(ProcessHandle.current().pid())),
                    MasterPreflight.runningMaster(config.cacheDir()));
        }
        assertEquals(java.util.Optional.empty(), MasterPreflight.runningMaster(config.cacheDir()));
        Master.start(config).close(); // the look did not keep the lock
    }

    /**
     * POSIX locks belong to the process: closing any descriptor of the lock file drops them all. Looking up the
     * running master from its own process (brine doctor in-process, an embedder) must not free the cachedir for
     * another process.
     */
    @Test
    void lookingUpTheHolderFromTheMastersOwnProcessKeepsTheLockAgainstOtherProcesses() throws Exception {
        MasterConfig config = MasterConfig.underDirectory(root, 0);
        try (Master master = Master.start(config)) {
            MasterPreflight.runningMaster(config.cacheDir());
            MasterPreflight.runningMaster(config.cacheDir());
            Process probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), LockProbe.class.getName(),
                    config.cacheDir().resolve(CacheDirLock.FILE).toString()).redirectErrorStream(true).start();
            String said = new String(probe.getInputStream().readAllBytes()).strip();
            assertTrue(probe.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals("held", said, "another process finds the cachedir still locked");
        }
    }

    /** Run in a child process: says whether the lock file at args[0] is held by someone else. */
    public static final class LockProbe {
        public static void main(String[] args) throws Exception {
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(Path.of(args[0]),
                    java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
                java.nio.channels.FileLock lock = ch.tryLock();
                System.out.println(lock == null ? "held" : "free");
            }
        }
    }

    @Test
    void sqlitesLibraryDirectoryIsPrivateAndTheDriversPropertyIsNotLeftSet() throws Exception {
        // The library is loaded once per JVM (maybe by an earlier test here): the master process test in the cli
        // module checks where the file lands. Here: its directory, and no global setting left behind.
        try (Master master = Master.start(MasterConfig.underDirectory(root, 0))) {
            Path nativeDir = root.resolve("cache").resolve(SqliteNativeLibrary.DIR);
            assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(nativeDir)));
            assertEquals(null, System.getProperty(SqliteNativeLibrary.PROPERTY), "the property is not left set");
        }
    }

    @Test
    void garbageInPlaceOfTheCacheIsMovedAsideAndTheMasterStarts() throws Exception {
        Path cache = Files.createDirectories(root.resolve("cache"));
        Files.write(cache.resolve("jobs.sqlite"), "this is not a database, it is forty bytes".getBytes());
        try (Master m = Master.start(MasterConfig.underDirectory(root, 0))) {
            assertTrue(m.client().jobs(10).isEmpty());
        }
        try (Stream<Path> files = Files.list(cache)) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("jobs.sqlite.damaged-")).count());
        }
    }

    @Test
    void aTruncatedCacheIsMovedAsideAndTheMasterStarts() throws Exception {
        Path cache = root.resolve("cache");
        try (JobCache jobs = JobCache.open(cache)) {
            for (int i = 0; i < 200; i++) {
                jobs.recordJob(TestJobs.job(String.format("2026112512000000%04d", i), "test.echo",
                        List.of("x".repeat(500)), "*", TargetType.GLOB, "t", 1, 1, List.of("m"), List.of()));
            }
        }
        try (RandomAccessFile f = new RandomAccessFile(cache.resolve("jobs.sqlite").toFile(), "rw")) {
            f.setLength(f.length() / 3); // a disk that filled, or a copy cut short
        }
        try (Master m = Master.start(MasterConfig.underDirectory(root, 0))) {
            assertTrue(m.client().jobs(10).isEmpty());
        }
        try (Stream<Path> files = Files.list(cache)) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("jobs.sqlite.damaged-")).count());
        }
    }

    @Test
    void damageInTheMiddleOfTheFileIsFoundAtStart() throws Exception {
        Path cache = root.resolve("cache");
        JobCache jobs = JobCache.open(cache);
        for (int i = 0; i < 400; i++) {
            jobs.recordJob(TestJobs.job(String.format("2026112512000000%04d", i), "test.echo",
                    List.of("x".repeat(500)), "*", TargetType.GLOB, "t", 1, 1, List.of("m"), List.of()));
        }
        jobs.close();
        try (RandomAccessFile f = new RandomAccessFile(cache.resolve("jobs.sqlite").toFile(), "rw")) {
            f.seek(f.length() / 2);
            f.write(new byte[8192]); // zero a few pages in the middle
        }
        try (JobCache reopened = JobCache.open(cache)) {
            assertEquals(List.of(), reopened.recent(JobFilter.latest(10)));
        }
    }

    @Test
    void aCacheWrittenByTheLastVersionGainsTheUnknownColumnAndKeepsItsJobs() throws Exception {
        Path cache = Files.createDirectories(root.resolve("cache"));
        String url = "jdbc:sqlite:" + cache.resolve("jobs.sqlite");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url);
                java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE TABLE jobs (jid TEXT PRIMARY KEY, function TEXT NOT NULL, args TEXT NOT NULL, "
                    + "kwargs TEXT NOT NULL, target TEXT NOT NULL, tgt_type TEXT NOT NULL, caller TEXT NOT NULL, "
                    + "start_ms INTEGER NOT NULL, timeout_ms INTEGER NOT NULL, expected TEXT NOT NULL, "
                    + "unreachable TEXT NOT NULL DEFAULT '[]')");
            s.execute("INSERT INTO jobs VALUES ('20261125120000000001', 'test.ping', '[]', '{}', 'm1', 'list', 'local',"
                    + " 1, 1, '[\"m1\"]', '[]')");
            s.execute("PRAGMA user_version=2");
        }
        try (JobCache jobs = JobCache.open(cache)) {
            JobState old = jobs.find("20261125120000000001").orElseThrow();
            assertEquals(List.of("m1"), old.expected());
            assertEquals(List.of(), old.unknown());
        }
    }
}
