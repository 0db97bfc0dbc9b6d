package io.brine.functions;

/**
 * A return value with an explicit retcode, for functions whose success is not simply "did not throw"
 * ({@code cmd.run} returns the command's exit status). A function may also return any plain value, which
 * counts as success with retcode 0.
 *
 * @param uncutBytes how large the function's output was in full, before any cap of its own (a command's output
 *                   beyond its output cap is read and dropped), or 0 when it does not say: a return cut to fit what
 *                   the master takes then tells how much the output really was
 */
public record FunctionResult(Object ret, int retcode, long uncutBytes) {
    public FunctionResult {
        if (uncutBytes < 0) {
            throw new IllegalArgumentException("uncutBytes must not be negative");
        }
    }

    /**
     * No return now: the minion restarts into a new version, which sends this job's return itself
     * ({@code update.apply}). Compared by identity.
     */
    public static final FunctionResult AFTER_RESTART = new FunctionResult("restarting", 0, 0);

    /** A value whose full size is its own. */
    public FunctionResult(Object ret, int retcode) {
        this(ret, retcode, 0);
    }

    public boolean success() {
        return retcode == 0;
    }
}
