package io.brine.transport;

/** A peer broke the ZMTP rules (greeting, framing, a command); its connection is closed, nothing else. */
final class ZmtpException extends Exception {
    private final String reason;

    ZmtpException(String reason) {
        super(reason, null, false, false);
        this.reason = reason;
    }

    /** The counter key this failure is counted under. */
    String reason() {
        return reason;
    }
}
