package io.brine.master;

import io.brine.protocol.Message;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How a publishing master reaches minions for a job: through their sessions here, and in a cluster also through
 * the master that holds a minion's session ({@link ClusterRoutes}).
 */
interface MinionReach {
    /** The ids of {@code ids} that can be reached now. */
    Set<String> reachable(Collection<String> ids);

    /** Sends {@code message} (a job request or a kill) to each of {@code ids} that can be reached. */
    void send(Message message, List<String> ids);

    /** Only the minions connected to this master. */
    static MinionReach local(MinionSessions sessions) {
        return new MinionReach() {
            @Override
            public Set<String> reachable(Collection<String> ids) {
                return ids.stream().filter(id -> sessions.get(id).isPresent()).collect(Collectors.toSet());
            }

            @Override
            public void send(Message message, List<String> ids) {
                ids.forEach(id -> sessions.get(id).ifPresent(s -> s.send(message)));
            }
        };
    }
}
