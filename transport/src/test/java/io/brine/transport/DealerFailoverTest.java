package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Hello;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Salt's {@code master_type: failover}: one dealer, several masters sharing a key, taken in turn. */
class DealerFailoverTest {
    private static final TransportSettings SETTINGS = TransportSettings.DEFAULTS;

    private static DealerEndpoint dealer(List<Integer> ports) {
        DealerEndpoint d = new DealerEndpoint(TestRuntimes.DEALERS,
                ports.stream().map(p -> "tcp://127.0.0.1:" + p).toList(), StaticKeyPair.generate(),
                new Hello(Role.MINION, "m1", "test"), serverKey -> null, SETTINGS);
        d.start(message -> {
        });
        return d;
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort(); // nothing listens there once closed
        }
    }

    @Test
    void aFirstMasterThatIsNotThereIsPassedOverForTheNext() throws Exception {
        try (TestMaster second = TestMaster.start(TestMaster.acceptAll(), SETTINGS);
                DealerEndpoint minion = dealer(List.of(closedPort(), second.router.port()))) {
            assertTrue(second.awaitSessions(1, Duration.ofSeconds(5)), "a session with the second master");
            assertTrue(TestMaster.accepted(minion));
        }
    }

    @Test
    void aSessionLostWithItsMasterMovesToTheNextWithinFiveSeconds() throws Exception {
        StaticKeyPair shared = StaticKeyPair.generate(); // the masters of a cluster share their key
        TestMaster a = TestMaster.start(shared, 0, TestMaster.acceptAll(), SETTINGS);
        try (TestMaster b = TestMaster.start(shared, 0, TestMaster.acceptAll(), SETTINGS);
                DealerEndpoint minion = dealer(List.of(a.router.port(), b.router.port()))) {
            assertTrue(a.awaitSessions(1, Duration.ofSeconds(5)), "the first master first");
            assertEquals(0, b.sessions.size(), "and only it");
            a.close();
            assertTrue(b.awaitSessions(1, Duration.ofSeconds(5)), "the next master within 5 s of the loss");
        } finally {
            a.close();
        }
    }
}
