package io.brine.functions;

/**
 * A return value with an explicit retcode, for functions whose success is not simply "did not throw"
 * ({@code cmd.run} returns the command's exit status). A function may also return any plain value, which
 * counts as success with retcode 0.
 */
public record FunctionResult(Object ret, int retcode) {
    public boolean success() {
        return retcode == 0;
    }
}
