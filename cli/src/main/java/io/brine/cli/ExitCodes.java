package io.brine.cli;

/** The CLI's exit codes, relied on by operators' scripts. */
final class ExitCodes {
    /** Every expected minion returned, successfully. */
    static final int OK = 0;
    /**
     * Some minion failed or did not return, or a call ended before the master could say how its job ended (its
     * output says {@code "complete": false}, with the jid).
     */
    static final int FAILED = 1;
    /** Usage or configuration error. */
    static final int USAGE = 2;
    /** The master's transport died and it exited rather than run deaf (sysexits' EX_SOFTWARE). */
    static final int SOFTWARE = 70;

    private ExitCodes() {
    }
}
