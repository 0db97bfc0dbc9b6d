package io.brine.protocol.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class NoiseXXHandshakeTest {
    private static final byte[] PROLOGUE = "brine/1".getBytes(UTF_8);
    private static final byte[] EMPTY = new byte[0];

    @Test
    void randomKeysCompleteTheHandshakeAndTalkBothWays() throws CryptoException {
        Handshakes h = Handshakes.completed();
        SessionCipher minion = h.initiator.split();
        SessionCipher master = h.responder.split();
        assertArrayEquals("job".getBytes(UTF_8), master.open(minion.seal("job".getBytes(UTF_8))));
        assertArrayEquals("ret".getBytes(UTF_8), minion.open(master.seal("ret".getBytes(UTF_8))));
        assertTrue(h.initiator.isComplete());
        assertTrue(h.responder.isComplete());
        assertArrayEquals(h.initiator.handshakeHash(), h.responder.handshakeHash());
    }

    @Test
    void eachSideLearnsThePeersStaticKeyOnlyWhenItArrives() throws CryptoException {
        Handshakes h = new Handshakes(PROLOGUE);
        byte[] m1 = h.initiator.writeMessage(EMPTY);
        h.responder.readMessage(m1);
        assertNull(h.initiator.remoteStaticKey());
        assertNull(h.responder.remoteStaticKey());
        h.initiator.readMessage(h.responder.writeMessage(EMPTY));
        assertArrayEquals(h.responderKeys.publicKey(), h.initiator.remoteStaticKey());
        assertNull(h.responder.remoteStaticKey());
        h.responder.readMessage(h.initiator.writeMessage(EMPTY));
        assertArrayEquals(h.initiatorKeys.publicKey(), h.responder.remoteStaticKey());
    }

    @Test
    void payloadsTravelInsideEveryHandshakeMessage() throws CryptoException {
        Handshakes h = new Handshakes(PROLOGUE);
        assertArrayEquals(bytes("one"), h.responder.readMessage(h.initiator.writeMessage(bytes("one"))));
        assertArrayEquals(bytes("two"), h.initiator.readMessage(h.responder.writeMessage(bytes("two"))));
        assertArrayEquals(bytes("three"), h.responder.readMessage(h.initiator.writeMessage(bytes("three"))));
    }

    @Test
    void everyFlippedByteOfMessageTwoIsRejected() throws CryptoException {
        for (int i = 0; i < 96 + 5; i++) {  // e, encrypted s, encrypted 5-byte payload
            Handshakes h = new Handshakes(PROLOGUE);
            h.responder.readMessage(h.initiator.writeMessage(EMPTY));
            byte[] m2 = h.responder.writeMessage(bytes("hello"));
            int index = i;
            CryptoException e = assertThrows(CryptoException.class,
                    () -> h.initiator.readMessage(Handshakes.flip(m2, index)), "byte " + i);
            assertTrue(e.getMessage().contains("tag"), e.getMessage());
            assertNull(h.initiator.remoteStaticKey());
        }
    }

    @Test
    void everyFlippedByteOfMessageThreeIsRejected() throws CryptoException {
        for (int i = 0; i < 64 + 5; i++) {
            Handshakes h = new Handshakes(PROLOGUE);
            h.initiator.readMessage(freshMessageTwo(h));
            byte[] m3 = h.initiator.writeMessage(bytes("hello"));
            int index = i;
            assertThrows(CryptoException.class, () -> h.responder.readMessage(Handshakes.flip(m3, index)));
            assertFalse(h.responder.isComplete());
        }
    }

    @Test
    void aTamperedFirstMessageIsCaughtByTheInitiator() throws CryptoException {
        Handshakes h = new Handshakes(PROLOGUE);
        h.responder.readMessage(Handshakes.flip(h.initiator.writeMessage(EMPTY), 3));
        assertThrows(CryptoException.class, () -> h.initiator.readMessage(h.responder.writeMessage(EMPTY)));
    }

    @Test
    void aDifferentPrologueOnOneSideFailsTheHandshake() throws CryptoException {
        StaticKeyPair a = StaticKeyPair.generate();
        StaticKeyPair b = StaticKeyPair.generate();
        NoiseXX initiator = NoiseXX.initiator(a, bytes("brine/1"));
        NoiseXX responder = NoiseXX.responder(b, bytes("brine/2"));
        responder.readMessage(initiator.writeMessage(EMPTY));
        assertThrows(CryptoException.class, () -> initiator.readMessage(responder.writeMessage(EMPTY)));
    }

    @Test
    void writingOutOfTurnIsIllegalState() {
        Handshakes h = new Handshakes(PROLOGUE);
        assertThrows(IllegalStateException.class, () -> h.responder.writeMessage(EMPTY));
        h.initiator.writeMessage(EMPTY);
        assertThrows(IllegalStateException.class, () -> h.initiator.writeMessage(EMPTY));
    }

    @Test
    void readingOutOfTurnIsACryptoExceptionAndKillsTheHandshake() throws CryptoException {
        Handshakes h = new Handshakes(PROLOGUE);
        CryptoException e = assertThrows(CryptoException.class, () -> h.initiator.readMessage(new byte[96]));
        assertTrue(e.getMessage().contains("out-of-turn"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> h.initiator.writeMessage(EMPTY));

        byte[] m1 = new Handshakes(PROLOGUE).initiator.writeMessage(EMPTY);
        h.responder.readMessage(m1);
        assertThrows(CryptoException.class, () -> h.responder.readMessage(m1), "a repeated message 1");
        assertThrows(IllegalStateException.class, () -> h.responder.writeMessage(EMPTY));
    }

    @Test
    void afterAFailureEveryCallThrows() throws CryptoException {
        Handshakes h = new Handshakes(PROLOGUE);
        byte[] m2 = freshMessageTwo(h);
        assertThrows(CryptoException.class, () -> h.initiator.readMessage(Handshakes.flip(m2, 40)));
        assertThrows(CryptoException.class, () -> h.initiator.readMessage(m2));
        assertThrows(IllegalStateException.class, () -> h.initiator.writeMessage(EMPTY));
        assertThrows(IllegalStateException.class, () -> h.initiator.split());
        assertThrows(IllegalStateException.class, () -> h.initiator.handshakeHash());
        assertFalse(h.initiator.isComplete());
    }

    @Test
    void truncatedHandshakeMessagesAreRejected() throws CryptoException {
        Handshakes h = new Handshakes(PROLOGUE);
        byte[] m1 = h.initiator.writeMessage(EMPTY);
        assertThrows(CryptoException.class, () -> h.responder.readMessage(Arrays.copyOf(m1, 31)));

        Handshakes h2 = new Handshakes(PROLOGUE);
        byte[] m2 = freshMessageTwo(h2);
        CryptoException e = assertThrows(CryptoException.class,
                () -> h2.initiator.readMessage(Arrays.copyOf(m2, m2.length - 1)));
        assertTrue(e.getMessage().contains("too short"), e.getMessage());
    }

    @Test
    void anAllZeroEphemeralKeyIsRejectedByTheResponder() {
        NoiseXX responder = NoiseXX.responder(StaticKeyPair.generate(), PROLOGUE);
        CryptoException e = assertThrows(CryptoException.class, () -> responder.readMessage(new byte[32]));
        assertTrue(e.getMessage().contains("low-order"), e.getMessage());
    }

    @Test
    void theLowOrderPointOneIsRejectedByTheResponder() {
        NoiseXX responder = NoiseXX.responder(StaticKeyPair.generate(), PROLOGUE);
        byte[] one = new byte[32];
        one[0] = 1;
        assertThrows(CryptoException.class, () -> responder.readMessage(one));
    }

    @Test
    void anAllZeroEphemeralKeyIsRejectedByTheInitiator() {
        Handshakes h = new Handshakes(PROLOGUE);
        h.initiator.writeMessage(EMPTY);
        byte[] forged = new byte[96];  // zero e, then garbage where the encrypted static key would be
        Arrays.fill(forged, 32, 96, (byte) 7);
        CryptoException e = assertThrows(CryptoException.class, () -> h.initiator.readMessage(forged));
        assertTrue(e.getMessage().contains("low-order"), e.getMessage());
    }

    @Test
    void splitIsRefusedBeforeCompletionAndAfterItsFirstUse() throws CryptoException {
        Handshakes h = new Handshakes(PROLOGUE);
        assertThrows(IllegalStateException.class, () -> h.initiator.split());
        assertThrows(IllegalStateException.class, () -> h.initiator.handshakeHash());
        Handshakes done = Handshakes.completed();
        done.initiator.split();
        assertThrows(IllegalStateException.class, () -> done.initiator.split());
    }

    @Test
    void nothingCanBeWrittenOrReadAfterCompletion() throws CryptoException {
        Handshakes h = Handshakes.completed();
        assertThrows(IllegalStateException.class, () -> h.initiator.writeMessage(EMPTY));
        assertThrows(IllegalStateException.class, () -> h.responder.writeMessage(EMPTY));
        assertThrows(CryptoException.class, () -> h.responder.readMessage(new byte[64]));
    }

    @Test
    void aPayloadBeyondNoisesMessageLimitIsRefused() {
        Handshakes h = new Handshakes(PROLOGUE);
        assertThrows(IllegalArgumentException.class, () -> h.initiator.writeMessage(new byte[65535 - 31]));
        assertEquals(65535, h.initiator.writeMessage(new byte[65535 - 32]).length);
    }

    @Test
    void aMessageBeyondNoisesLimitIsRejected() {
        Handshakes h = new Handshakes(PROLOGUE);
        assertThrows(CryptoException.class, () -> h.responder.readMessage(new byte[65536]));
    }

    private static byte[] freshMessageTwo(Handshakes h) throws CryptoException {
        h.responder.readMessage(h.initiator.writeMessage(EMPTY));
        return h.responder.writeMessage(EMPTY);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(UTF_8);
    }
}
