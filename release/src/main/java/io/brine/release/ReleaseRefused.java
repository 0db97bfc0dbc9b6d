package io.brine.release;

/** A bundle a minion must not install, and why, in words a return can carry as {@code refused: REASON}. */
public final class ReleaseRefused extends Exception {
    private static final long serialVersionUID = 1L;

    public ReleaseRefused(String reason) {
        super(reason);
    }
}
