package io.brine.protocol.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class StaticKeyPairTest {
    private static final HexFormat HEX = HexFormat.of();

    /** RFC 7748 §6.1: Alice's and Bob's key pairs and their shared secret. */
    @Test
    void fromPrivateKeyDerivesTheRfc7748PublicKeys() throws CryptoException {
        StaticKeyPair alice = StaticKeyPair.fromPrivateKey(
                HEX.parseHex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"));
        StaticKeyPair bob = StaticKeyPair.fromPrivateKey(
                HEX.parseHex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"));
        assertEquals("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a", HEX.formatHex(alice.publicKey()));
        assertEquals("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f", HEX.formatHex(bob.publicKey()));
        assertEquals("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
                HEX.formatHex(X25519Dh.agree(alice.privateKey(), bob.publicKey())));
    }

    @Test
    void accessorsReturnCopiesSoCallersCannotCorruptTheKey() {
        StaticKeyPair pair = StaticKeyPair.generate();
        byte[] pub = pair.publicKey();
        byte[] priv = pair.privateKey();
        Arrays.fill(pub, (byte) 0);
        Arrays.fill(priv, (byte) 0);
        assertFalse(Arrays.equals(pub, pair.publicKey()));
        assertFalse(Arrays.equals(priv, pair.privateKey()));
    }

    @Test
    void fromPrivateKeyCopiesItsInput() {
        byte[] raw = StaticKeyPair.generate().privateKey();
        StaticKeyPair pair = StaticKeyPair.fromPrivateKey(raw);
        byte[] expected = raw.clone();
        Arrays.fill(raw, (byte) 0);
        assertArrayEquals(expected, pair.privateKey());
    }

    @Test
    void generatedPairsDiffer() {
        assertFalse(Arrays.equals(StaticKeyPair.generate().publicKey(), StaticKeyPair.generate().publicKey()));
    }

    @Test
    void privateKeysMustBe32Bytes() {
        assertThrows(IllegalArgumentException.class, () -> StaticKeyPair.fromPrivateKey(new byte[31]));
        assertThrows(IllegalArgumentException.class, () -> StaticKeyPair.fromPrivateKey(null));
    }

    @Test
    void toStringShowsTheFingerprintButNeverThePrivateKey() {
        StaticKeyPair pair = StaticKeyPair.generate();
        String text = pair.toString();
        assertFalse(text.contains(HEX.formatHex(pair.privateKey())));
        assertEquals("StaticKeyPair[" + Fingerprint.of(pair.publicKey()) + "]", text);
    }
}
