package io.brine.functions;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What a finished program returned. A program killed at its timeout reports exit code 124, as timeout(1) does,
 * with {@code timedOut} set; {@code truncated} names the outputs cut to the command's cap, and
 * {@code stdoutBytes}/{@code stderrBytes} say how long each output was in full.
 *
 * <pre>{@code
 * CommandResult r = runner.run(Command.shell("yes").withTimeout(Duration.ofSeconds(1)).withOutputCap(1 << 20));
 * r.truncated();    // [stdout]
 * r.stdoutBytes();  // every byte yes wrote, of which stdout() keeps the first MiB
 * }</pre>
 */
public record CommandResult(int exitCode, String stdout, String stderr, long pid, boolean timedOut,
        List<String> truncated, long stdoutBytes, long stderrBytes) {
    /** Exit status reported for a command killed at its timeout, as coreutils' timeout(1) does. */
    public static final int TIMED_OUT = 124;

    public CommandResult {
        stdout = stdout == null ? "" : stdout;
        stderr = stderr == null ? "" : stderr;
        truncated = List.copyOf(truncated == null ? List.of() : truncated);
    }

    /** A result whose outputs were kept whole (so their full sizes are those of the texts). */
    public CommandResult(int exitCode, String stdout, String stderr, long pid, boolean timedOut,
            List<String> truncated) {
        this(exitCode, stdout, stderr, pid, timedOut, truncated, utf8Length(stdout), utf8Length(stderr));
    }

    public CommandResult(int exitCode, String stdout, String stderr, long pid) {
        this(exitCode, stdout, stderr, pid, false, List.of());
    }

    public boolean ok() {
        return exitCode == 0;
    }

    /** stderr, or stdout when stderr is empty: what to put in a failure comment. */
    public String diagnostic() {
        String text = stderr.isBlank() ? stdout : stderr;
        return text.strip();
    }

    /**
     * What was cut, for a comment: {@code "stdout cut to its first 1 MiB of 64 MiB"}, or empty when nothing was.
     */
    public String truncationNote(int cap) {
        List<String> notes = new java.util.ArrayList<>();
        for (String stream : truncated) {
            long full = stream.equals("stderr") ? stderrBytes : stdoutBytes;
            notes.add(stream + " cut to its first " + size(cap) + " of " + size(full));
        }
        return String.join(", ", notes);
    }

    private static String size(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
            return bytes / (1 << 20) + " MiB";
        }
        return bytes >= 1 << 20 ? String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0)
                : bytes + " bytes";
    }

    private static long utf8Length(String text) {
        return text == null ? 0 : text.getBytes(StandardCharsets.UTF_8).length;
    }
}
