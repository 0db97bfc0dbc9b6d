package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.EventPost;
import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A frame over the router's limit from an accepted minion is read past, unopened and without the memory it declares,
 * and reported to the listener with its size; the session goes on, and the minion's next message arrives on it.
 * (Before, the connection was closed, and a minion resending the same return reconnected for ever.) A client that
 * does the same still loses its connection.
 */
class OversizeFrameTest {
    private static final int LIMIT = 64 * 1024;

    @Test
    void anAcceptedMinionsOversizedFrameIsReportedAndItsSessionGoesOn() throws Exception {
        BlockingQueue<Long> refused = new LinkedBlockingQueue<>();
        BlockingQueue<Message> heard = new LinkedBlockingQueue<>();
        AtomicInteger sessions = new AtomicInteger();
        TransportSettings settings = TransportSettings.DEFAULTS.withMaxFrameSize(LIMIT);
        try (TransportRuntime runtime = new TransportRuntime("oversize-test")) {
            RouterEndpoint router = new RouterEndpoint(runtime, "tcp://127.0.0.1:*", StaticKeyPair.generate(),
                    (hello, key) -> PeerAuthenticator.Verdict.accepted(), settings, RouterLimits.DEFAULTS, e -> { });
            router.start(new RouterListener() {
                @Override
                public void onSession(Session session) {
                    sessions.incrementAndGet();
                }

                @Override
                public void onMessage(Session session, Message message) {
                    heard.add(message);
                }

                @Override
                public void onFrameRefused(Session session, long frameBytes) {
                    refused.add(frameBytes);
                }

                @Override
                public void onClosed(Session session, String reason) {
                }
            });
            DealerEndpoint minion = new DealerEndpoint(runtime, "tcp://127.0.0.1:" + router.port(),
                    StaticKeyPair.generate(), new Hello(Role.MINION, "m1", "test"), serverKey -> null,
                    TransportSettings.DEFAULTS);
            minion.start(m -> { });
            assertEquals(KeyStatus.ACCEPTED, minion.awaitStatus(Duration.ofSeconds(10)));

            for (int i = 0; i < 3; i++) {
                minion.send(new EventPost("big", Map.of("blob", "x".repeat(5 * LIMIT))));
                Long size = refused.poll(10, TimeUnit.SECONDS);
                assertTrue(size != null && size > 5 * LIMIT, "refused " + size);
                minion.send(new EventPost("small/" + i, Map.of()));
                Message next = heard.poll(10, TimeUnit.SECONDS);
                assertTrue(next instanceof EventPost p && p.tag().equals("small/" + i), String.valueOf(next));
            }
            assertEquals(1, sessions.get(), "one session throughout");
            assertEquals(3, router.counters().dropped(Counters.Drop.FRAME_TOO_LARGE));
            minion.close();
        }
    }
}
