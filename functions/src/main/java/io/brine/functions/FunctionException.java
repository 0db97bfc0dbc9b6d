package io.brine.functions;

/**
 * A failure a function reports on purpose, with a message for the operator. It becomes a failed return
 * (success false, the retcode, the message); it never reaches the minion's main loop.
 */
public class FunctionException extends Exception {
    private final int retcode;

    public FunctionException(String message) {
        this(message, 1);
    }

    public FunctionException(String message, int retcode) {
        super(message);
        this.retcode = retcode == 0 ? 1 : retcode;
    }

    public int retcode() {
        return retcode;
    }
}
