package io.brine.transport;

import io.brine.protocol.Message;
import io.brine.protocol.PillarRequest;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A real router reached over HTTPS ({@link TestHttpsServer}) that accepts every key and queues the pillar requests
 * its minions send, for the test to answer; closed as the master closes: it says it is going away, then stops.
 */
final class HttpsMaster implements AutoCloseable {
    /** A minion's pillar request and the session it came on. */
    record Asked(Session session, PillarRequest request) {
    }

    final TransportRuntime runtime = new TransportRuntime("https-master");
    final RouterEndpoint router;
    final TestHttpsServer https;
    final BlockingQueue<Asked> asked = new LinkedBlockingQueue<>();
    private boolean closed;

    private HttpsMaster(TestHttpsServer.TestTls tls, TransportSettings settings) throws IOException,
            InterruptedException {
        router = new RouterEndpoint(runtime, "tcp://127.0.0.1:*", StaticKeyPair.generate(),
                (hello, key) -> PeerAuthenticator.Verdict.accepted(), settings);
        router.start(new RouterListener() {
            @Override
            public void onSession(Session session) {
            }

            @Override
            public void onMessage(Session session, Message message) {
                if (message instanceof PillarRequest request) {
                    asked.add(new Asked(session, request));
                }
            }

            @Override
            public void onClosed(Session session, String reason) {
            }
        });
        https = TestHttpsServer.start(tls, router.httpLinks());
    }

    static HttpsMaster start(TestHttpsServer.TestTls tls, TransportSettings settings) throws IOException,
            InterruptedException {
        return new HttpsMaster(tls, settings);
    }

    String url() {
        return https.url();
    }

    /** As the master closes: tells its peers it is going away, stops the router, then the HTTPS listener. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        router.sayGoingAway("the master is stopping", Duration.ofSeconds(2));
        router.close();
        https.close();
        runtime.close();
    }
}
