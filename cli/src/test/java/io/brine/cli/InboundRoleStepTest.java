package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.master.ConnectionStats;
import io.brine.protocol.EventPost;
import io.brine.protocol.JobLookup;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The last steps of the master's inbound chain, after the transport's (see transport's RouterInboundChainTest):
 * role authorisation drops what a session's role may not send, counted in the transport's counters under
 * {@code ROLE_NOT_ALLOWED}; what it may send is dispatched.
 */
@Timeout(60)
class InboundRoleStepTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path root;

    @Test
    void roleAuthorisationDropsAClientRequestFromAMinionAndDispatchesItsEvent() throws Exception {
        try (TestCluster c = TestCluster.start(root, "auto_accept: true\n");
                RogueClient rogue = new RogueClient(c.port, Role.MINION, "rogue")) {
            assertEquals(KeyStatus.ACCEPTED, rogue.endpoint.awaitStatus(WAIT));
            List<String> posted = new CopyOnWriteArrayList<>();
            c.master.events().subscribe("brine/minion/rogue/event/**", e -> posted.add(e.tag()));

            rogue.endpoint.send(new JobLookup(1, "20260101000000000000")); // a client's request
            rogue.endpoint.send(new EventPost("ready", Map.of())); // a minion's event: dispatched
            Await.until(() -> !posted.isEmpty(), "the minion's event", WAIT);

            // One session, in order: the event was dispatched after the request was judged.
            ConnectionStats stats = c.master.connectionStats();
            assertEquals(1, stats.dropped("role_not_allowed"), stats.toString());
            assertTrue(c.master.dropCounters().contains("unauthorised=1"), c.master.dropCounters());
            assertEquals(List.of("brine/minion/rogue/event/ready"), posted);
        }
    }
}
