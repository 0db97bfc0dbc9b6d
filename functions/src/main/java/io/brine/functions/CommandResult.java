package io.brine.functions;

import java.util.List;

/**
 * What a finished program returned. A program killed at its timeout reports exit code 124, as timeout(1) does,
 * with {@code timedOut} set; {@code truncated} names the outputs cut to the command's cap.
 */
public record CommandResult(int exitCode, String stdout, String stderr, long pid, boolean timedOut,
        List<String> truncated) {
    /** Exit status reported for a command killed at its timeout, as coreutils' timeout(1) does. */
    public static final int TIMED_OUT = 124;

    public CommandResult {
        stdout = stdout == null ? "" : stdout;
        stderr = stderr == null ? "" : stderr;
        truncated = List.copyOf(truncated == null ? List.of() : truncated);
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
}
