package io.brine.transport;

import io.brine.protocol.EventPost;
import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A router on 127.0.0.1 that echoes every event a session posts, and a real DealerEndpoint to measure it with:
 * the "legit traffic" of the flood tests. Peers whose hello says {@code stranger} are kept pending.
 */
final class EchoMaster implements AutoCloseable {
    static final TransportSettings SETTINGS = TransportSettings.DEFAULTS
            .withFirstHandshakeTimeout(Duration.ofMillis(300));

    final TransportRuntime runtime = new TransportRuntime("echo-master");
    final RouterEndpoint router;
    private final BlockingQueue<Message> echoes = new LinkedBlockingQueue<>();
    private DealerEndpoint client;
    private long sequence;

    EchoMaster(RouterLimits limits, Consumer<Throwable> onFatal) throws InterruptedException {
        PeerAuthenticator auth = (hello, key) -> hello.id().startsWith("stranger")
                ? new PeerAuthenticator.Verdict(KeyStatus.PENDING, "waiting for an operator")
                : PeerAuthenticator.Verdict.accepted();
        this.router = new RouterEndpoint(runtime, "tcp://127.0.0.1:*", StaticKeyPair.generate(), auth, SETTINGS,
                limits, onFatal);
        router.start(new RouterListener() {
            @Override
            public void onSession(Session session) {
            }

            @Override
            public void onMessage(Session session, Message message) {
                session.send(message);
            }

            @Override
            public void onClosed(Session session, String reason) {
            }
        });
    }

    EchoMaster() throws InterruptedException {
        this(RouterLimits.DEFAULTS, failure -> {
        });
    }

    /** Connects the long-lived legit client whose echoes {@link #roundTripMillis} times. */
    EchoMaster withClient() throws InterruptedException {
        client = new DealerEndpoint(runtime, "tcp://127.0.0.1:" + router.port(), StaticKeyPair.generate(),
                new Hello(Role.CLIENT, "operator", "test"), serverKey -> null, SETTINGS);
        client.start(echoes::add);
        if (client.awaitStatus(Duration.ofSeconds(10)) != KeyStatus.ACCEPTED) {
            throw new IllegalStateException("the legit client was not accepted");
        }
        return this;
    }

    /** One echo through the master, in milliseconds; {@code Double.MAX_VALUE} if none came within 5 s. */
    double roundTripMillis() throws InterruptedException {
        String tag = "probe/" + (++sequence);
        long start = System.nanoTime();
        client.send(new EventPost(tag, Map.of()));
        long deadline = start + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            Message m = echoes.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (m instanceof EventPost post && post.tag().equals(tag)) {
                return (System.nanoTime() - start) / 1e6;
            }
        }
        return Double.MAX_VALUE;
    }

    /**
     * How long a brand-new peer takes from connecting to its welcome, in milliseconds ({@code Double.MAX_VALUE}
     * if it failed), measured with the raw client: one handshake on one connection, nothing a dealer's timers
     * add.
     */
    double freshHandshakeMillis(String id) {
        long start = System.nanoTime();
        try (RawZmtpPeer p = RawZmtpPeer.connect(router.port()).greet()) {
            p.handshake(StaticKeyPair.generate(), new Hello(Role.MINION, id, "test"));
            return (System.nanoTime() - start) / 1e6;
        } catch (Exception e) {
            return Double.MAX_VALUE;
        }
    }

    /**
     * How long a new client session, made as the CLI makes it (a dealer with the client's role, asking for the
     * operator's lane), takes from its start to the echo of its first message, in milliseconds;
     * {@code Double.MAX_VALUE} if it was not accepted or answered within 5 s.
     */
    double freshClientMillis(String id) throws InterruptedException {
        BlockingQueue<Message> heard = new LinkedBlockingQueue<>();
        StaticKeyPair key = StaticKeyPair.generate();
        long start = System.nanoTime();
        DealerEndpoint cli = new DealerEndpoint(runtime, "tcp://127.0.0.1:" + router.port(), key,
                new Hello(Role.CLIENT, id, "test"), serverKey -> null, SETTINGS);
        try {
            cli.start(heard::add);
            if (cli.awaitStatus(Duration.ofSeconds(5)) != KeyStatus.ACCEPTED) {
                return Double.MAX_VALUE;
            }
            cli.send(new EventPost(id, Map.of()));
            long deadline = start + TimeUnit.SECONDS.toNanos(5);
            while (System.nanoTime() < deadline) {
                Message m = heard.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (m instanceof EventPost post && post.tag().equals(id)) {
                    return (System.nanoTime() - start) / 1e6;
                }
            }
            return Double.MAX_VALUE;
        } finally {
            cli.close();
        }
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() / 2);
    }

    static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /** This process's resident set and its peak so far, from /proc (Linux), in MiB; "?" elsewhere. */
    static String memory() {
        try {
            String status = Files.readString(Path.of("/proc/self/status"));
            return "rss=" + kib(status, "VmRSS:") / 1024 + " MiB, rss peak=" + kib(status, "VmHWM:") / 1024
                    + " MiB, heap used=" + (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory())
                    / (1 << 20) + " MiB";
        } catch (IOException | RuntimeException e) {
            return "rss=?";
        }
    }

    private static long kib(String status, String field) {
        for (String line : status.split("\n")) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.substring(field.length()).trim().split("\\s+")[0]);
            }
        }
        return -1;
    }

    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
        router.close();
        runtime.close();
    }
}
