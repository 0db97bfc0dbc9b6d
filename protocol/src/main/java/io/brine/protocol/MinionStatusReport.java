package io.brine.protocol;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer to a {@link MinionStatusRequest}: every accepted minion, whether it is up, and when the master last
 * saw it ({@code lastSeenMillis}, epoch milliseconds; {@link #NEVER} when it has no record of it), and what
 * carries an up minion's session ({@code transport}: {@code zmq}, {@code https}; empty when unknown), and the
 * version it runs as it last reported ({@code version}; empty when unknown).
 */
public record MinionStatusReport(long requestId, List<Minion> minions) implements ClientResponse {
    static final int TYPE = 47;
    /** {@code lastSeenMillis} of a minion the master has never seen. */
    public static final long NEVER = -1;

    /** One accepted minion. */
    public record Minion(String id, boolean up, long lastSeenMillis, String transport, String version) {
        /** A minion whose version is not known. */
        public Minion(String id, boolean up, long lastSeenMillis, String transport) {
            this(id, up, lastSeenMillis, transport, "");
        }

        public Minion {
            MinionId.requireValid(id);
            transport = transport == null ? "" : transport;
            version = version == null ? "" : version;
            if (version.length() > 64) {
                throw new IllegalArgumentException("version too long: " + version.length() + " characters");
            }
            if (transport.length() > 16) {
                throw new IllegalArgumentException("transport name too long: " + transport.length() + " characters");
            }
            if (lastSeenMillis < NEVER) {
                throw new IllegalArgumentException("last seen must be a time or " + NEVER + ": " + lastSeenMillis);
            }
        }
    }

    public MinionStatusReport {
        minions = List.copyOf(minions);
    }

    void write(WireWriter w) {
        w.integer(requestId).arrayHeader(minions.size());
        minions.forEach(m -> w.arrayHeader(5).string(m.id()).bool(m.up()).integer(m.lastSeenMillis())
                .string(m.transport()).string(m.version()));
    }

    static MinionStatusReport read(WireReader r) throws IOException, MalformedMessageException {
        long requestId = r.integer();
        int n = r.arrayHeader();
        List<Minion> minions = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int fields = r.arrayHeader();
            if (fields < 3 || fields > 5) {
                // 3: a master from before transports were told; 4: before versions were
                throw new MalformedMessageException("minion status has " + fields + " fields, expected 3 to 5");
            }
            String id = r.string();
            boolean up = r.bool();
            long seen = r.integer();
            String transport = fields >= 4 ? r.string() : "";
            String version = fields == 5 ? r.string() : "";
            try {
                minions.add(new Minion(id, up, seen, transport, version));
            } catch (IllegalArgumentException e) {
                throw new MalformedMessageException("minion status: " + e.getMessage());
            }
        }
        return new MinionStatusReport(requestId, minions);
    }
}
