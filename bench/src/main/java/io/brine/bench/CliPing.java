package io.brine.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One {@code brine run -c master.yaml --out json --timeout S ID test.ping} as a process of its own, started as the
 * shell would ({@link BrineProcess}, in a session of its own: {@link JavaProcess#inOwnSession}) and timed from the
 * start to its end, JVM start included: what an operator waits for. The ping counts only if the minion's return
 * is in the printed job; an exit code alone would not tell a missing return from a failed one.
 *
 * <pre>{@code
 * CliPing.Answer a = new CliPing(run.options, cluster.masterYaml, cluster.root.resolve("cli.log"), 30).ping("m1");
 * if (a.returned()) { samples.add(a.nanos()); }
 * }</pre>
 */
final class CliPing {
    /**
     * How long past its {@code --timeout} a {@code brine run} may take before it counts as hung: its own bound once
     * the master has the job (5 s, README "Outcomes and exit codes"), its connect (5 s) and a JVM started on a busy
     * host (5 s). A hung run is a missing ping, not the end of the scenario.
     */
    static final int OVER_TIMEOUT_SECONDS = 15;
    private static final ObjectMapper JSON = new ObjectMapper();
    private final BenchOptions options;
    private final Path masterYaml;
    private final Path log;
    private final int timeoutSeconds;

    /**
     * How one run went: its wall time, whether the return arrived, the exit code, and the minion's outcome in the
     * printed job ("returned", "no-response", ...; "none" when no job was printed).
     */
    record Answer(long nanos, boolean returned, int exit, String outcome) {
    }

    CliPing(BenchOptions options, Path masterYaml, Path log, int timeoutSeconds) {
        this.options = options;
        this.masterYaml = masterYaml;
        this.log = log;
        this.timeoutSeconds = timeoutSeconds;
    }

    Answer ping(String id) throws IOException, InterruptedException {
        List<String> args = List.of("run", "-c", masterYaml.toString(), "--out", "json", "--timeout",
                Integer.toString(timeoutSeconds), id, "test.ping");
        long t0 = System.nanoTime();
        try (JavaProcess p = JavaProcess.run(JavaProcess.inOwnSession(BrineProcess.command(options, args)), log)) {
            // Waited for first, so that a hung 'brine run' is caught here (reading its output would block until it
            // ended); a ping's JSON is a few hundred bytes, far below what the pipe holds unread.
            int exit = p.waitFor(timeoutSeconds + OVER_TIMEOUT_SECONDS);
            long nanos = System.nanoTime() - t0;
            if (exit < 0) {
                p.terminate();
                return new Answer(nanos, false, exit, "hung over " + (timeoutSeconds + OVER_TIMEOUT_SECONDS) + " s");
            }
            String out = p.remainingOutput();
            String outcome = outcome(out, id);
            return new Answer(nanos, outcome.equals("returned"), exit, outcome);
        }
    }

    /**
     * "returned" if the printed job holds a return of {@code id}, else its outcome there ("incomplete ..." when the
     * call could not learn how the job ended), or "none".
     */
    private static String outcome(String out, String id) {
        try {
            JsonNode job = JSON.readTree(out);
            if (job == null) {
                return "none";
            }
            if (job.path("returns").has(id)) {
                return "returned";
            }
            String missing = job.path("missing").path(id).asText("none");
            return job.path("complete").asBoolean(true) ? missing : "incomplete " + missing;
        } catch (IOException e) {
            return "none"; // no JSON printed: no return to show
        }
    }
}
