package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.master.TestPorts;
import io.brine.minion.Minion;
import io.brine.protocol.BrineVersion;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code brine} launcher script, run as an operator runs it against the jar this build has just made: the
 * per-role JVM options, the class-data archive a client command makes on its first run and uses afterwards,
 * BRINE_JAVA_OPTS last, and a launcher reached through a symlink. It runs in the integration-test phase, after
 * the shaded jar exists (see cli/pom.xml), because the launcher would otherwise build the jar itself.
 */
class LauncherIT {
    private static final Path LAUNCHER = Path.of("..", "brine").toAbsolutePath().normalize();
    private static final Path ARCHIVES = Path.of("target", "cds").toAbsolutePath();

    @TempDir
    Path dir;
    private TestCluster cluster;

    private record Run(int exit, String out, String err) {
    }

    @AfterEach
    void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void brineRunListsItsClassesOnFirstUseThenMapsAnArchiveOfThemPicocliIncluded() throws Exception {
        cluster = TestCluster.start(dir);
        Minion m = cluster.addMinion("m1");
        TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(10));
        assertEquals(0, cluster.cli("key", "accept", "m1").exit());
        TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(10));
        Path list = ARCHIVES.resolve("run.classlist");
        Path archive = ARCHIVES.resolve("run.jsa");
        Files.deleteIfExists(list);
        Files.deleteIfExists(archive);

        Run first = launch(null, "run", "-c", cluster.masterYaml.toString(), "m1", "test.ping");
        assertEquals(0, first.exit(), first.err());
        assertEquals("m1:\n    True\n", first.out());
        assertTrue(Files.readAllLines(list).contains("io/brine/transport/DealerLoop"), "the first run's list");
        assertFalse(Files.exists(archive));

        Path classLog = dir.resolve("classes.txt");
        Run second = launch("-Xlog:class+load=info:file=" + classLog, "run", "-c", cluster.masterYaml.toString(),
                "m1", "test.ping");
        assertEquals(0, second.exit(), second.err());
        assertEquals(first.out(), second.out());
        assertTrue(Files.size(archive) > 0, "the second run makes " + archive);
        List<String> loaded = Files.readAllLines(classLog);
        assertTrue(loaded.stream().anyMatch(l -> l.contains(" io.brine.cli.RunCommand source: shared objects file")),
                "RunCommand comes from the archive on the second run");
        assertTrue(loaded.stream().anyMatch(l -> l.contains(" picocli.CommandLine source: shared objects file")),
                "and so does picocli, which only a static archive can hold");
    }

    @Test
    void anUnusableArchiveOnlyCostsSpeedAndPrintsNothing() throws Exception {
        Path yaml = Files.writeString(dir.resolve("master.yaml"), "pki_dir: " + dir.resolve("pki") + "\n");
        Path archive = ARCHIVES.resolve("key.jsa");
        // the launcher's own archive, made for this jar and JDK (a list on one run, the archive on the next), then
        // garbage written into it: the launcher still takes it for fresh and hands it to the JVM
        Files.deleteIfExists(archive);
        for (int i = 0; i < 2 && !Files.exists(archive); i++) {
            assertEquals(0, launch(null, "key", "list", "-c", yaml.toString()).exit());
        }
        assertTrue(Files.exists(archive), "the launcher made " + archive);
        Files.delete(archive);
        Files.writeString(archive, "not an archive");
        try {
            Run r = launch(null, "key", "list", "-c", yaml.toString(), "--out", "json");
            assertEquals(0, r.exit(), r.err());
            assertEquals(0, new ObjectMapper().readTree(r.out()).get("accepted").size(), r.out());
            assertEquals("", r.err());
            assertEquals("not an archive", Files.readString(archive), "the JVM was given the garbage, and refused it");
        } finally {
            Files.deleteIfExists(archive);
        }
    }

    @Test
    void brineJavaOptsComeLastSoTheyWin() throws Exception {
        Run r = launch("-XX:+PrintCommandLineFlags -XX:TieredStopAtLevel=4", "--version");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("-XX:TieredStopAtLevel=4"), r.out());
        assertTrue(r.out().contains("-XX:+UseSerialGC"), "a client command keeps the rest of its options: " + r.out());
    }

    @Test
    void theMinionRunsWithTheSmallAgentsOptionsAndTheMasterOnAFixedHeap() throws Exception {
        Run minion = launch("-XX:+PrintCommandLineFlags", "minion", "--help");
        assertEquals(0, minion.exit(), minion.err());
        assertTrue(minion.out().contains("-XX:+UseSerialGC") && minion.out().contains("-XX:InitialHeapSize=4194304"),
                minion.out());
        // C2 stays: without it AES-GCM never reaches its intrinsics and file copies to the minion crawl
        assertFalse(minion.out().contains("-XX:TieredStopAtLevel=1"), minion.out());
        Run master = launch("-XX:+PrintCommandLineFlags", "master", "--help");
        assertEquals(0, master.exit(), master.err());
        assertFalse(master.out().contains("-XX:TieredStopAtLevel"), master.out());
        // a heap never resized: the master's RSS stays flat under load (docs/performance.md, "Master RSS")
        assertTrue(master.out().contains("-XX:InitialHeapSize=2147483648")
                && master.out().contains("-XX:MaxHeapSize=2147483648"), master.out());
    }

    @Test
    void copyingFromAMinionHashesOnC2AndEveryOtherClientCommandStartsOnC1() throws Exception {
        // --help after --from: picocli prints the help without a master; the launcher has chosen by then
        Run from = launch("-XX:+PrintCommandLineFlags", "cp", "--from", "web1", "--help");
        assertEquals(0, from.exit(), from.err());
        assertFalse(from.out().contains("-XX:TieredStopAtLevel=1"), "SHA-256 needs C2's intrinsic: " + from.out());
        assertTrue(from.out().contains("-XX:+UseSerialGC"), from.out());
        Run to = launch("-XX:+PrintCommandLineFlags", "cp", "--help");
        assertEquals(0, to.exit(), to.err());
        assertTrue(to.out().contains("-XX:TieredStopAtLevel=1"), to.out());
    }

    @Test
    void theMinionListsItsClassesOnItsFirstRunAndMapsAnArchiveOfThemFromTheNext() throws Exception {
        Path list = ARCHIVES.resolve("minion.classlist");
        Path archive = ARCHIVES.resolve("minion.jsa");
        Files.deleteIfExists(list);
        Files.deleteIfExists(archive);
        // nothing listens on the port: a minion starts, and keeps trying to reach its master, all the same
        Path yaml = Files.writeString(dir.resolve("minion.yaml"), "id: archived\nmaster: 127.0.0.1\nmaster_tofu: true\n"
                + "master_port: " + TestPorts.free() + "\npki_dir: " + dir.resolve("pki") + "\ncachedir: " + dir.resolve("cache")
                + "\n");

        Run help = launch(null, "minion", "--help");
        assertEquals(0, help.exit(), help.err());
        assertFalse(Files.exists(list), "a run that starts no minion leaves no list");

        Process first = startMinion(yaml);
        stop(first);
        assertTrue(Files.readAllLines(list).contains("io/brine/transport/DealerLoop"), "the first run's list");
        assertFalse(Files.exists(archive));

        Process second = startMinion(yaml);
        try {
            // the launcher execs the JVM, so the process is the minion itself
            String maps = Files.readString(Path.of("/proc", Long.toString(second.pid()), "maps"));
            assertTrue(maps.contains(archive.toString()), "the second run maps " + archive);
        } finally {
            stop(second);
        }
    }

    /** Starts {@code brine minion -c yaml} and returns once it says (on stderr) that it started. */
    private Process startMinion(Path yaml) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(LAUNCHER.toString(), "minion", "-c", yaml.toString(), "--log-level",
                "warning").directory(dir.toFile());
        pb.environment().remove("BRINE_JAVA_OPTS");
        Path out = Files.createTempFile(dir, "minion", ".err");
        Process p = pb.redirectError(out.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(out).contains("started")) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                kill(p);
                throw new AssertionError("the minion did not start: " + Files.readString(out));
            }
            Thread.sleep(50);
        }
        return p;
    }

    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            kill(p);
            throw new AssertionError("the minion did not stop on SIGTERM");
        }
    }

    /** The launcher and, when it waits for its JVM instead of exec'ing it, the JVM too. */
    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    @Test
    void aSymlinkToTheLauncherRunsTheSameJar() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("brine"), LAUNCHER);
        Run r = run(null, link, "--version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("brine " + BrineVersion.CURRENT + "\n", r.out());
    }

    private Run launch(String javaOpts, String... args) throws IOException, InterruptedException {
        return run(javaOpts, LAUNCHER, args);
    }

    /** Runs a launcher with BRINE_JAVA_OPTS set to {@code javaOpts} (unset when null), in the temporary directory. */
    private Run run(String javaOpts, Path launcher, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("BRINE_JAVA_OPTS");
        if (javaOpts != null) {
            pb.environment().put("BRINE_JAVA_OPTS", javaOpts);
        }
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
        Process p = pb.start();
        p.getOutputStream().close();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the launcher did not finish within 60 s: " + command);
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
