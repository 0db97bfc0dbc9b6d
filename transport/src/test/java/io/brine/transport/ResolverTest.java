package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ResolverTest {
    private static Thread answeredOn(Resolver resolver, String endpoint, CompletableFuture<Resolver.Resolution> got)
            throws Exception {
        CompletableFuture<Thread> thread = new CompletableFuture<>();
        resolver.resolve(endpoint, r -> {
            got.complete(r);
            thread.complete(Thread.currentThread());
        });
        return thread.get(10, TimeUnit.SECONDS);
    }

    @Test
    void anAddressIsAnsweredAtOnceOnTheAskingThreadAndANameOnAResolverThread() throws Exception {
        try (TransportRuntime runtime = new TransportRuntime("resolver-test"); Resolver resolver = new Resolver(runtime)) {
            for (String address : new String[] {"tcp://127.0.0.1:4506", "tcp://[::1]:4506"}) {
                CompletableFuture<Resolver.Resolution> got = new CompletableFuture<>();
                assertEquals(Thread.currentThread(), answeredOn(resolver, address, got), address);
                assertEquals(4506, got.get().address().getPort());
                assertNull(got.get().failure());
            }
            CompletableFuture<Resolver.Resolution> named = new CompletableFuture<>();
            assertNotEquals(Thread.currentThread(), answeredOn(resolver, "tcp://localhost:4506", named),
                    "a lookup may wait for DNS: never on the dealers' thread");
            assertNotNull(named.get().address());
            CompletableFuture<Resolver.Resolution> bad = new CompletableFuture<>();
            answeredOn(resolver, "udp://nowhere", bad);
            assertNotNull(bad.get().failure(), "an endpoint that cannot be read says why");
        }
    }
}
