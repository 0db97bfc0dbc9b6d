package io.brine.transport;

/**
 * A peer broke the ZMTP rules (greeting, framing, a command) or asked for more memory than it may have; its
 * connection is closed, nothing else. Each end counts it under its own drop reason for {@link #fault}, chosen by
 * type, never by reading the message.
 */
final class ZmtpException extends Exception {
    /** What kind of failure this is, for the counters of either end. */
    enum Fault {
        /** A bad greeting, command or frame header: random bytes, another protocol, a ZMTP ERROR. */
        PROTOCOL_ERROR,
        /** A frame header declaring more than the connection's state allows. */
        FRAME_TOO_LARGE,
        /** The memory shared by frames still arriving on all connections was spent. */
        FRAME_BUDGET
    }

    private final Fault fault;

    ZmtpException(String reason) {
        this(Fault.PROTOCOL_ERROR, reason);
    }

    ZmtpException(Fault fault, String reason) {
        super(reason, null, false, false);
        this.fault = fault;
    }

    Fault fault() {
        return fault;
    }

    /** What went wrong, for the log. */
    String reason() {
        return getMessage();
    }
}
