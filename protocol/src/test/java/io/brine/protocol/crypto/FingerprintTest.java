package io.brine.protocol.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class FingerprintTest {
    /** SHA-256 of 32 zero bytes. */
    private static final String ZERO_KEY_FINGER =
            "66:68:7a:ad:f8:62:bd:77:6c:8f:c1:8b:8e:9f:8e:20:08:97:14:85:6e:e2:33:b3:90:2a:59:1d:0d:5f:29:25";

    private final byte[] key = StaticKeyPair.generate().publicKey();

    @Test
    void theFingerprintIsTheSha256OfTheKeyAsColonSeparatedLowercaseHex() {
        assertEquals(ZERO_KEY_FINGER, Fingerprint.of(new byte[32]));
        String finger = Fingerprint.of(key);
        assertEquals(95, finger.length());
        assertTrue(finger.matches("([0-9a-f]{2}:){31}[0-9a-f]{2}"), finger);
    }

    @Test
    void onlyThirtyTwoByteKeysHaveAFingerprint() {
        assertThrows(IllegalArgumentException.class, () -> Fingerprint.of(new byte[31]));
        assertThrows(IllegalArgumentException.class, () -> Fingerprint.of(null));
    }

    @Test
    void matchesAcceptsBothCasesWithOrWithoutColons() {
        String finger = Fingerprint.of(key);
        assertTrue(Fingerprint.matches(finger, key));
        assertTrue(Fingerprint.matches(finger.toUpperCase(Locale.ROOT), key));
        assertTrue(Fingerprint.matches(finger.replace(":", ""), key));
        assertTrue(Fingerprint.matches(finger.replace(":", "").toUpperCase(Locale.ROOT), key));
        assertTrue(Fingerprint.matches("  " + finger + "\n", key), "a pasted trailing newline is forgiven");
    }

    @Test
    void matchesRejectsAnotherKey() {
        assertFalse(Fingerprint.matches(Fingerprint.of(key), StaticKeyPair.generate().publicKey()));
        assertFalse(Fingerprint.matches(Fingerprint.of(key), null));
        assertFalse(Fingerprint.matches(Fingerprint.of(key), new byte[5]));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {
        "66:68",
        "66:68:7a:ad:f8:62:bd:77:6c:8f:c1:8b:8e:9f:8e:20:08:97:14:85:6e:e2:33:b3:90:2a:59:1d:0d:5f:29:2",
        "66:68:7a:ad:f8:62:bd:77:6c:8f:c1:8b:8e:9f:8e:20:08:97:14:85:6e:e2:33:b3:90:2a:59:1d:0d:5f:29:2g",
        "666:8:7a:ad:f8:62:bd:77:6c:8f:c1:8b:8e:9f:8e:20:08:97:14:85:6e:e2:33:b3:90:2a:59:1d:0d:5f:29:25",
        "66-68-7a-ad-f8-62-bd-77-6c-8f-c1-8b-8e-9f-8e-20-08-97-14-85-6e-e2-33-b3-90-2a-59-1d-0d-5f-29-25",
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f292",
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f29255",
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f292\u0663",
        "sha256:66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925",
    })
    void malformedFingerprintsNeverMatchAndNeverThrow(String malformed) {
        assertFalse(Fingerprint.isWellFormed(malformed));
        assertFalse(Fingerprint.matches(malformed, new byte[32]));
    }

    @Test
    void wellFormedFingerprintsAreRecognisedInEveryAcceptedShape() {
        assertTrue(Fingerprint.isWellFormed(ZERO_KEY_FINGER));
        assertTrue(Fingerprint.isWellFormed(ZERO_KEY_FINGER.toUpperCase(Locale.ROOT)));
        assertTrue(Fingerprint.isWellFormed(ZERO_KEY_FINGER.replace(":", "")));
        assertTrue(Fingerprint.matches(ZERO_KEY_FINGER.replace(":", ""), new byte[32]));
    }
}
