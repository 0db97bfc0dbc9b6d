package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenStoreTest {
    @TempDir
    Path dir;

    @Test
    void aNewTokenAuthenticatesItsNameAndOnlyItsHashIsWritten() throws Exception {
        TokenStore store = TokenStore.open(dir.resolve("api_tokens.json"));
        String token = store.create("heat", null);
        assertEquals(Optional.of("heat"), store.authenticate(token));
        String file = Files.readString(store.file());
        assertFalse(file.contains(token.substring(6)), "the token itself must not be stored");
        assertTrue(file.contains(java.util.HexFormat.of().formatHex(TokenStore.sha256(token))), file);
    }

    @Test
    void theTokenFileIsReadableByItsOwnerOnly() throws Exception {
        TokenStore store = TokenStore.open(dir.resolve("pki/api_tokens.json"));
        store.create("heat", null);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store.file())));
    }

    @Test
    void eachTokenIsDifferentAndAWrongOneAuthenticatesNobody() throws Exception {
        TokenStore store = TokenStore.open(dir.resolve("api_tokens.json"));
        String a = store.create("a", null);
        String b = store.create("b", null);
        assertNotEquals(a, b);
        assertEquals(Optional.empty(), store.authenticate(a + "x"));
        assertEquals(Optional.empty(), store.authenticate(""));
        assertEquals(Optional.empty(), store.authenticate(null));
    }

    @Test
    void aRevokedTokenNoLongerAuthenticatesEvenInAStoreThatReadItBefore() throws Exception {
        TokenStore master = TokenStore.open(dir.resolve("api_tokens.json"));
        TokenStore cli = TokenStore.open(dir.resolve("api_tokens.json"));
        String token = cli.create("heat", null);
        assertEquals(Optional.of("heat"), master.authenticate(token));
        assertTrue(cli.revoke("heat"));
        assertEquals(Optional.empty(), master.authenticate(token));
        assertFalse(cli.revoke("heat"));
    }

    @Test
    void aTokenStopsWorkingWhenItExpires() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
        TokenStore store = new TokenStore(dir.resolve("api_tokens.json"), clock);
        String token = store.create("heat", Duration.ofHours(24));
        clock.now = clock.now.plus(Duration.ofHours(23));
        assertEquals(Optional.of("heat"), store.authenticate(token));
        clock.now = clock.now.plus(Duration.ofHours(1));
        assertEquals(Optional.empty(), store.authenticate(token));
        assertEquals(List.of(new TokenInfo("heat", Instant.parse("2026-01-01T00:00:00Z"),
                Instant.parse("2026-01-02T00:00:00Z"))), store.list());
    }

    @Test
    void aTakenNameIsRefusedUntilItIsRevoked() throws Exception {
        TokenStore store = TokenStore.open(dir.resolve("api_tokens.json"));
        store.create("heat", null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> store.create("heat", null));
        assertTrue(e.getMessage().contains("'heat' exists"), e.getMessage());
        store.revoke("heat");
        store.create("heat", null);
    }

    @Test
    void malformedNamesAndLifetimesAreRefused() {
        TokenStore store = TokenStore.open(dir.resolve("api_tokens.json"));
        assertThrows(IllegalArgumentException.class, () -> store.create("../x", null));
        assertThrows(IllegalArgumentException.class, () -> store.create("", null));
        assertThrows(IllegalArgumentException.class, () -> store.create("ok", Duration.ZERO));
    }

    @Test
    void anUnreadableFileAuthenticatesNobody() throws Exception {
        TokenStore store = TokenStore.open(dir.resolve("api_tokens.json"));
        String token = store.create("heat", null);
        Files.writeString(store.file(), "{not json");
        assertEquals(Optional.empty(), store.authenticate(token));
    }

    private static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
