package io.brine.minion.extension;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One call of an extension's executable: {@code EXECUTABLE FUNCTION}, one JSON document on stdin ({@code function},
 * {@code args}, {@code test}, {@code jid}, {@code grains}), one JSON object read from stdout. It runs through the
 * minion's one command runner, so a timeout or a job kill ends its whole process tree and its output is capped as
 * {@code cmd.run}'s is; what it printed on stderr goes with any failure.
 */
final class ExtensionProcess {
    /** cmd.run's cap: an answer larger than this is cut, and so not a JSON document any more. */
    static final int OUTPUT_CAP = 16 * 1024 * 1024;
    /** Of stderr, this much goes with a failure. */
    static final int STDERR_KEPT = 4096;

    private final Path executable;
    private final String qualified;
    private final Duration timeout;

    /**
     * Made on the first call of any extension: a minion that runs none never loads jackson-databind (its classes and
     * caches are megabytes of a minion's resident memory; CallSocket and EventSocket hold theirs the same way).
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    ExtensionProcess(Path executable, String qualified, Duration timeout) {
        this.executable = executable;
        this.qualified = qualified;
        this.timeout = timeout;
    }

    /**
     * Runs the function and returns the object it answered.
     *
     * @throws FunctionException when it could not start, timed out, printed anything but one JSON object, or
     *     exited non-zero without answering; the message says which and carries its stderr
     */
    Map<String, Object> call(CommandRunner commands, String function, Map<String, Object> args, boolean test,
            String jid, Map<String, Object> grains) throws FunctionException, InterruptedException {
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("function", function);
        input.put("args", args);
        input.put("test", test);
        input.put("jid", jid);
        input.put("grains", grains);
        String stdin;
        try {
            stdin = Json.MAPPER.writeValueAsString(input);
        } catch (JsonProcessingException e) {
            throw new FunctionException(qualified + ": its arguments cannot be written as JSON: " + e.getMessage());
        }
        Command command = Command.of(executable.toString(), function).withStdin(stdin).withTimeout(timeout)
                .withOutputCap(OUTPUT_CAP).waitingForOutput();
        CommandResult r;
        try {
            r = commands.run(command);
        } catch (IOException e) {
            throw new FunctionException(qualified + ": cannot run " + executable + ": " + e.getMessage());
        }
        if (r.timedOut()) {
            throw new FunctionException(qualified + " timed out" + (timeout == null ? "" : " after "
                    + timeout.toSeconds() + " s") + "; its processes were killed" + stderr(r), CommandResult.TIMED_OUT);
        }
        String out = r.stdout().strip();
        if (out.isEmpty()) {
            throw new FunctionException(qualified + " answered nothing (exit " + r.exitCode() + ")" + stderr(r),
                    failedCode(r));
        }
        Object answer;
        try {
            answer = Json.MAPPER.readValue(out, Object.class);
        } catch (IOException e) {
            throw new FunctionException(qualified + " did not answer one JSON document (exit " + r.exitCode() + "): "
                    + firstLine(out) + stderr(r), failedCode(r));
        }
        if (!(answer instanceof Map<?, ?> m)) {
            throw new FunctionException(qualified + " answered JSON that is not an object (exit " + r.exitCode() + ")"
                    + stderr(r), failedCode(r));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) m;
        if (object.get("error") != null) {
            throw new FunctionException(qualified + ": " + object.get("error") + stderr(r), failedCode(r));
        }
        return object;
    }

    /** What a failure's retcode is: the process's own exit code, or 1 when it exited 0 and still failed. */
    static int failedCode(CommandResult r) {
        return r.exitCode() == 0 ? 1 : r.exitCode();
    }

    private static String stderr(CommandResult r) {
        String err = r.stderr().strip();
        if (err.isEmpty()) {
            return "";
        }
        return "; stderr: " + (err.length() > STDERR_KEPT ? err.substring(0, STDERR_KEPT) + "..." : err);
    }

    private static String firstLine(String s) {
        String line = s.lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
