package io.brine.protocol;

/** What the initiator of a session claims to be; the master checks the claim against its key directories. */
public enum Role {
    MINION, CLIENT;

    static Role fromWire(int ordinal) throws MalformedMessageException {
        Role[] all = values();
        if (ordinal < 0 || ordinal >= all.length) {
            throw new MalformedMessageException("unknown role " + ordinal);
        }
        return all[ordinal];
    }
}
