package io.brine.cli;

import io.brine.protocol.BrineVersion;
import io.brine.protocol.Hello;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.transport.DealerEndpoint;
import io.brine.transport.DealerListener;
import io.brine.transport.TransportRuntime;
import io.brine.transport.TransportSettings;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The key a master proves at {@code address}, learnt the way a minion learns it: the handshake's second message.
 * The probe then refuses the master, so that it never sends a key or a hello of its own: nothing is filed on the
 * master (no pending key), and no minion's session is disturbed.
 *
 * <pre>{@code
 * Optional<byte[]> key = MasterKeyProbe.serverKey("tcp://10.0.0.1:4506", Duration.ofSeconds(5));
 * }</pre>
 */
final class MasterKeyProbe {
    private MasterKeyProbe() {
    }

    /** The master's static public key, or empty if no handshake got that far within {@code timeout}. */
    static Optional<byte[]> serverKey(String address, Duration timeout) throws InterruptedException {
        CompletableFuture<byte[]> seen = new CompletableFuture<>();
        try (TransportRuntime runtime = new TransportRuntime("doctor");
                DealerEndpoint probe = new DealerEndpoint(runtime, address, StaticKeyPair.generate(),
                        new Hello(Role.CLIENT, "doctor", BrineVersion.CURRENT), key -> {
                            seen.complete(key.clone());
                            return "brine doctor only looks at the master's key";
                        }, TransportSettings.DEFAULTS)) {
            probe.start(new Deaf());
            return Optional.of(seen.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException | ExecutionException e) {
            return Optional.empty();
        }
    }

    /** The probe never gets a session, so it hears nothing worth handling. */
    private static final class Deaf implements DealerListener {
        @Override
        public void onMessage(io.brine.protocol.Message message) {
        }
    }

    /** {@code tcp://host:port}, with an IPv6 host in brackets. */
    static String address(String host, int port) {
        return "tcp://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }
}
