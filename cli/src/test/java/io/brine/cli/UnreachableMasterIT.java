package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.master.TestPorts;
import io.brine.transport.TransportSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real minion process ({@code brine minion -c}) that cannot reach its master. Pointed at a name that does not
 * resolve (a VM that boots before its DNS) it used to write thousands of stack traces in 20 s; now it writes one
 * line per backoff step. Pointed at a port where nothing listens it used to write nothing; now it says so within
 * seconds.
 */
class UnreachableMasterIT {
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    /** Issue 12: the minion is pointed at no-such-host.invalid for 20 s and its log lines are counted. */
    private static final Duration POINTED_AWAY = Duration.ofSeconds(20);

    @TempDir
    Path dir;
    private Process minion;

    @AfterEach
    void stop() throws Exception {
        if (minion != null) {
            minion.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMasterNameThatDoesNotResolveCostsOneLinePerBackoffStep() throws Exception {
        String address = "tcp://no-such-host.invalid:4506";
        Path log = start("master: no-such-host.invalid\nmaster_port: 4506\n");
        long startedAt = System.nanoTime();
        // The scenario's own duration, not a synchronisation: 20 s of a master that cannot be found.
        Thread.sleep(POINTED_AWAY.toMillis());
        List<String> lines = linesBeyondStartUp(log);
        Duration ran = Duration.ofNanos(System.nanoTime() - startedAt);

        TransportSettings settings = TransportSettings.DEFAULTS; // what a minion reconnects with
        int bound = mostAttempts(ran, settings.backoffMin(), settings.backoffMax());
        long naming = lines.stream().filter(l -> l.contains("cannot connect to the master at " + address
                + ": its name does not resolve")).count();
        assertTrue(naming >= 1, "no line names " + address + ":\n" + String.join("\n", lines));
        assertTrue(lines.size() <= bound, lines.size() + " lines in " + ran.toMillis() + " ms, more than the "
                + bound + " backoff steps from " + settings.backoffMin() + " to " + settings.backoffMax() + " allow:\n"
                + String.join("\n", lines));
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ")), "a stack trace:\n" + String.join("\n", lines));
    }

    @Test
    void aMasterPortWithNothingListeningIsReportedWithinSeconds() throws Exception {
        int port = TestPorts.free(); // nothing is bound to it
        String address = "tcp://127.0.0.1:" + port;
        Path log = start("master: 127.0.0.1\nmaster_port: " + port + "\n");
        Await.until(() -> linesBeyondStartUp(log).stream()
                        .anyMatch(l -> l.contains("no session with the master at " + address + ": cannot connect")),
                "a line saying the minion cannot reach " + address, Duration.ofSeconds(10));
    }

    /**
     * The most connection attempts a minion can make in {@code window}: one at once, then one after each backoff
     * delay, each at least half its step (the backoff's jitter), the step doubling from {@code min} to {@code max}.
     */
    static int mostAttempts(Duration window, Duration min, Duration max) {
        long step = Math.max(1, min.toMillis());
        long elapsed = step / 2;
        int attempts = 1;
        while (elapsed <= window.toMillis()) {
            attempts++;
            step = Math.min(max.toMillis(), step * 2);
            elapsed += step / 2;
        }
        return attempts;
    }

    /** Starts {@code brine minion} with {@code masterYaml}; its output (stdout and stderr) goes to the returned file. */
    private Path start(String masterYaml) throws IOException {
        Path yaml = Files.writeString(dir.resolve("minion.yaml"), "id: stray\n" + masterYaml + "master_tofu: true\n"
                + "pki_dir: " + dir.resolve("pki") + "\ncachedir: " + dir.resolve("cache") + "\n");
        Path log = dir.resolve("minion.log");
        minion = new ProcessBuilder("java", "-jar", JAR.toString(), "minion", "-c", yaml.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return log;
    }

    /**
     * What the minion logged beyond its start-up announcement (the modules it loaded and that it started: a fixed
     * number of lines, however long it runs).
     */
    private static List<String> linesBeyondStartUp(Path log) {
        try {
            return Files.readAllLines(log).stream()
                    .filter(l -> !l.contains(" INFO io.brine.minion.Minion: module ")
                            && !l.contains(" INFO io.brine.minion.Minion: minion stray started, ")
                            && !l.startsWith("brine minion stray started; "))
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
