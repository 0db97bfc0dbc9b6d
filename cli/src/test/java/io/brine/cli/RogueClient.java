package io.brine.cli;

import io.brine.protocol.Hello;
import io.brine.protocol.Message;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.transport.DealerEndpoint;
import io.brine.transport.TransportRuntime;
import io.brine.transport.TransportSettings;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A modified client built from Brine's own pieces: it can claim any id and role, trusts any master, sends
 * whatever it likes once in, and records everything the master sends it.
 */
final class RogueClient implements AutoCloseable {
    final StaticKeyPair key;
    /** A runtime of its own, so that nothing of the rogue's is shared with the cluster it attacks. */
    private final TransportRuntime runtime = new TransportRuntime("rogue");
    final DealerEndpoint endpoint;
    final List<Message> received = new CopyOnWriteArrayList<>();

    RogueClient(int port, Role role, String claimedId) {
        this(port, role, claimedId, StaticKeyPair.generate());
    }

    RogueClient(int port, Role role, String claimedId, StaticKeyPair key) {
        this.key = key;
        this.endpoint = new DealerEndpoint(runtime, "tcp://127.0.0.1:" + port, key,
                new Hello(role, claimedId, "rogue"), serverKey -> null,
                TransportSettings.DEFAULTS.withHeartbeat(Duration.ofSeconds(1))
                        .withBackoff(Duration.ofMillis(100), Duration.ofMillis(500)));
        endpoint.start(received::add);
    }

    @Override
    public void close() {
        endpoint.close();
        runtime.close();
    }
}
