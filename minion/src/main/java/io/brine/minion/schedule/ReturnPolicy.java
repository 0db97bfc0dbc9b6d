package io.brine.minion.schedule;

/**
 * Whether the outcome of a scheduled run goes to the master: Salt's {@code return_job} (true by default, "even if
 * not set", {@code salt/utils/schedule.py} {@code handle_func}), with its third value {@code nocache}.
 */
public enum ReturnPolicy {
    /** {@code return_job: true}, the default: the master gets it and keeps it in its job cache. */
    SEND,
    /** {@code return_job: false}: the outcome stays on the minion. */
    KEEP_LOCAL,
    /** {@code return_job: nocache}: the master gets it (for events and returners) but does not cache it. */
    SEND_UNCACHED;

    /** The value in Salt's shape: true, false or "nocache". */
    public Object toSalt() {
        return switch (this) {
            case SEND -> Boolean.TRUE;
            case KEEP_LOCAL -> Boolean.FALSE;
            case SEND_UNCACHED -> "nocache";
        };
    }
}
