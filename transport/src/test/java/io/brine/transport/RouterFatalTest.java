package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.EventPost;
import io.brine.protocol.Frame;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Hello;
import io.brine.protocol.Message;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** What happens when the router's own code fails: a bug costs one connection; a dead I/O thread is reported. */
class RouterFatalTest {
    private final TransportRuntime runtime = new TransportRuntime("router-fatal-test");

    @org.junit.jupiter.api.AfterEach
    void closeRuntime() {
        runtime.close();
    }

    @Test
    void anErrorThatKillsTheIoThreadIsReportedToTheFatalCallback() throws Exception {
        InternalError injected = new InternalError("injected into the I/O thread");
        AtomicReference<Throwable> reported = new AtomicReference<>();
        CountDownLatch fatal = new CountDownLatch(1);
        RouterEndpoint router = new RouterEndpoint(runtime, "tcp://127.0.0.1:*", StaticKeyPair.generate(),
                TestMaster.acceptAll(), TransportSettings.DEFAULTS, RouterLimits.DEFAULTS, failure -> {
                    reported.set(failure);
                    fatal.countDown();
                });
        router.start(listener(session -> {
            throw injected;
        }, message -> {
        }));
        try (RawZmtpPeer minion = RawZmtpPeer.connect(router.port()).greet()) {
            try { // accepting the session calls the listener, which throws the Error
                minion.handshake(StaticKeyPair.generate(), new Hello(Role.MINION, "m1", "test"));
            } catch (Exception e) {
                // the master died under it: expected
            }
            assertTrue(fatal.await(10, TimeUnit.SECONDS), "the fatal callback fired");
            assertSame(injected, reported.get());
        } finally {
            router.close();
        }
    }

    @Test
    void aRuntimeExceptionWhileHandlingAPeerCostsThatConnectionOnly() throws Exception {
        CountDownLatch fatal = new CountDownLatch(1);
        RouterEndpoint router = new RouterEndpoint(runtime, "tcp://127.0.0.1:*", StaticKeyPair.generate(),
                TestMaster.acceptAll(), TransportSettings.DEFAULTS, RouterLimits.DEFAULTS,
                failure -> fatal.countDown());
        router.start(listener(session -> {
        }, message -> {
            if (message instanceof EventPost post && post.tag().equals("boom")) {
                throw new IllegalStateException("a bug in a listener");
            }
        }));
        try (RawZmtpPeer buggy = RawZmtpPeer.connect(router.port()).greet()) {
            var cipher = buggy.handshake(StaticKeyPair.generate(), new Hello(Role.MINION, "m1", "test"));
            buggy.send(Frame.sealed(cipher,
                    MessageCodec.encode(new EventPost("boom", Map.of()))));
            assertTrue(buggy.closedByMaster(), "the connection whose input hit the bug is closed");
            try (RawZmtpPeer next = RawZmtpPeer.connect(router.port()).greet()) {
                next.handshake(StaticKeyPair.generate(), new Hello(Role.MINION, "m2", "test"));
            }
            assertEquals(1, router.counters().dropped(Counters.Drop.INTERNAL_ERROR));
            assertEquals(1, fatal.getCount(), "the I/O thread lives on");
        } finally {
            router.close();
        }
    }

    private static RouterListener listener(Consumer<Session> onSession,
            Consumer<Message> onMessage) {
        return new RouterListener() {
            @Override
            public void onSession(Session session) {
                onSession.accept(session);
            }

            @Override
            public void onMessage(Session session, Message message) {
                onMessage.accept(message);
            }

            @Override
            public void onClosed(Session session, String reason) {
            }
        };
    }
}
