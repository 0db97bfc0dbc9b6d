package io.brine.protocol;

/** Where the master filed a peer's key. Only ACCEPTED peers get a session; the others are told why and dropped. */
public enum KeyStatus {
    ACCEPTED, PENDING, REJECTED, DENIED;

    static KeyStatus fromWire(int ordinal) throws MalformedMessageException {
        KeyStatus[] all = values();
        if (ordinal < 0 || ordinal >= all.length) {
            throw new MalformedMessageException("unknown key status " + ordinal);
        }
        return all[ordinal];
    }
}
