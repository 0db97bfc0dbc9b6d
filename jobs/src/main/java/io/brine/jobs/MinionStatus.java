package io.brine.jobs;

import io.brine.protocol.MinionId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An accepted minion as {@code brine manage status} shows it (Salt's {@code manage.status}): up while it has a live
 * session, and when the master last saw it.
 *
 * <pre>{@code
 * brine.minions().stream().filter(s -> !s.up()).forEach(s -> System.out.println(s.id() + " down since "
 *         + s.lastSeen().map(Instant::toString).orElse("never seen")));
 * }</pre>
 *
 * @param id       the minion's id
 * @param up       whether it has a live session now (the transport ends one that misses three heartbeats)
 * @param lastSeen for an up minion, now; for a down one, when its last session with this master ended, or,
 *                 for one not seen since this master started, when it last reported its grains (on each
 *                 connection, to this master or an earlier one with the same cachedir); empty if neither is known
 * @param transport what carries an up minion's session ({@code zmq} or {@code https}); empty for a down one, or
 *                 one up on another master of a cluster
 * @param version  the Brine version it runs, as it last reported (its {@code brineversion} grain); empty if unknown
 */
public record MinionStatus(String id, boolean up, Optional<Instant> lastSeen, Optional<String> transport,
        Optional<String> version) {
    public MinionStatus {
        MinionId.requireValid(id);
        Objects.requireNonNull(lastSeen, "lastSeen");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(version, "version");
    }

    /** A minion's status with its version unknown. */
    public MinionStatus(String id, boolean up, Optional<Instant> lastSeen, Optional<String> transport) {
        this(id, up, lastSeen, transport, Optional.empty());
    }

    /** A minion's status with its transport unknown. */
    public MinionStatus(String id, boolean up, Optional<Instant> lastSeen) {
        this(id, up, lastSeen, Optional.empty());
    }
}
