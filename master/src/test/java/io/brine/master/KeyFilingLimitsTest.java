package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.transport.PeerAuthenticator;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 11, finding 5: one process filed 3,177 new ids in 30 s, each with an auth event. */
class KeyFilingLimitsTest {
    @TempDir
    Path pki;

    @Test
    void oneAddressFilesAtMostItsRateOfNewKeys() {
        AtomicInteger events = new AtomicInteger();
        KeyAuthenticator auth = authenticator(new KeyFilingLimits(1000, 25), events);
        byte[] key = StaticKeyPair.generate().publicKey();
        int pendingVerdicts = 0;
        for (int i = 0; i < 1200; i++) {
            PeerAuthenticator.Verdict v = auth.authenticate(new Hello(Role.MINION, "flood" + i, "x"), key, "10.0.0.9");
            pendingVerdicts += v.status() == KeyStatus.PENDING ? 1 : 0;
        }
        assertEquals(1200, pendingVerdicts, "every one is told to wait, filed or not");
        assertEquals(25, new KeyDirectory(pki).ids(KeyStatus.PENDING).size());
        assertEquals(1175, auth.newKeysRefused());
        assertEquals(25, events.get(), "only filed keys raise an auth event");
        // another address still gets its share
        auth.authenticate(new Hello(Role.MINION, "neighbour", "x"), key, "10.0.0.10");
        assertTrue(new KeyDirectory(pki).statusOf("neighbour").isPresent());
    }

    @Test
    void manyAddressesTogetherFileAtMostMaxPendingKeys() {
        KeyAuthenticator auth = authenticator(new KeyFilingLimits(100, 60), new AtomicInteger());
        byte[] key = StaticKeyPair.generate().publicKey();
        for (int i = 0; i < 1200; i++) {
            auth.authenticate(new Hello(Role.MINION, "spread" + i, "x"), key, "10.1." + (i / 250) + "." + (i % 250));
        }
        assertEquals(100, new KeyDirectory(pki).ids(KeyStatus.PENDING).size());
        assertEquals(1100, auth.newKeysRefused());
    }

    @Test
    void knownKeysAreNeverLimited() {
        KeyAuthenticator auth = authenticator(new KeyFilingLimits(1, 1), new AtomicInteger());
        byte[] key = StaticKeyPair.generate().publicKey();
        auth.authenticate(new Hello(Role.MINION, "first", "x"), key, "10.0.0.1");
        new KeyDirectory(pki).move("first", KeyStatus.PENDING, KeyStatus.ACCEPTED);
        for (int i = 0; i < 50; i++) {
            assertEquals(KeyStatus.ACCEPTED,
                    auth.authenticate(new Hello(Role.MINION, "first", "x"), key, "10.0.0.1").status());
        }
        assertEquals(0, auth.newKeysRefused());
    }

    private KeyAuthenticator authenticator(KeyFilingLimits limits, AtomicInteger authEvents) {
        EventBus events = new EventBus();
        events.subscribe("brine/auth/**", e -> authEvents.incrementAndGet());
        // one minute throughout: a run that crossed a minute's end would get a second minute's allowance
        long noon = java.time.Instant.parse("2026-11-28T12:00:10Z").toEpochMilli();
        return new KeyAuthenticator(new KeyDirectory(pki), false, events, limits, () -> noon);
    }
}
