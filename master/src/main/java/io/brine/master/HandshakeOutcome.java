package io.brine.master;

/**
 * How the master answered a peer that completed its handshake, as {@code brine_handshakes_total} labels it:
 * {@code result} is {@code ok}, {@code pending} or {@code refused}, {@code reason} says which rule decided.
 */
enum HandshakeOutcome {
    MINION_ACCEPTED("ok", "minion_accepted"),
    CLIENT_ACCEPTED("ok", "client_accepted"),
    AWAITING_OPERATOR("pending", "awaiting_operator"),
    NEW_KEYS_LIMITED("pending", "new_keys_limited"),
    REJECTED("refused", "rejected"),
    DENIED("refused", "denied"),
    UNKNOWN_CLIENT_KEY("refused", "unknown_client_key");

    final String result;
    final String reason;

    HandshakeOutcome(String result, String reason) {
        this.result = result;
        this.reason = reason;
    }

    /** Told of each verdict the key authenticator gives. */
    @FunctionalInterface
    interface Sink {
        void counted(HandshakeOutcome outcome);

        Sink NONE = outcome -> { };
    }
}
