package io.brine.protocol.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SessionCipherTest {
    private SessionCipher minion;
    private SessionCipher master;

    @BeforeEach
    void handshake() throws CryptoException {
        Handshakes h = Handshakes.completed();
        minion = h.initiator.split();
        master = h.responder.split();
    }

    @Test
    void aSealedFrameIsTheBigEndianNonceThenCiphertextAndTag() {
        for (long n = 0; n < 3; n++) {
            byte[] frame = minion.seal(bytes("abc"));
            assertEquals(8 + 3 + 16, frame.length);
            assertEquals(n, ByteBuffer.wrap(frame).getLong());
        }
    }

    @Test
    void sealingTheSamePlaintextTwiceGivesDifferentFrames() {
        assertFalse(Arrays.equals(minion.seal(bytes("same")), minion.seal(bytes("same"))));
    }

    @Test
    void anEmptyPlaintextRoundTrips() throws CryptoException {
        assertArrayEquals(new byte[0], master.open(minion.seal(new byte[0])));
    }

    @Test
    void sealingWithAnOffsetSealsOnlyTheSlice() throws CryptoException {
        byte[] buffer = bytes("xxhelloyy");
        assertArrayEquals(bytes("hello"), master.open(minion.seal(buffer, 2, 5)));
        assertThrows(IndexOutOfBoundsException.class, () -> minion.seal(buffer, 5, 5));
    }

    @Test
    void aFrameSealedIntoALargerBufferOpensFromWhereItLies() throws CryptoException {
        byte[] plaintext = bytes("hello");
        byte[] buffer = new byte[3 + SessionCipher.sealedLength(plaintext.length) + 4];
        minion.seal(plaintext, 0, plaintext.length, buffer, 3);
        assertArrayEquals(plaintext, master.open(buffer, 3, SessionCipher.sealedLength(plaintext.length)));
        assertThrows(IndexOutOfBoundsException.class, () -> minion.seal(plaintext, 0, 5, buffer, buffer.length - 4));
    }

    @Test
    void aFrameOpenedInPlaceIsAViewOfItsPlaintextAndAForgeryLeavesTheSessionAsItWas() throws CryptoException {
        byte[] buffer = new byte[2 + SessionCipher.sealedLength(5)];
        minion.seal(bytes("hello"), 0, 5, buffer, 2);
        byte[] forged = buffer.clone();
        forged[forged.length - 1] ^= 1;
        assertThrows(CryptoException.class, () -> master.openInPlace(forged, 2, forged.length - 2));

        ByteBuffer plain = master.openInPlace(buffer, 2, buffer.length - 2);
        assertEquals(ByteBuffer.wrap(bytes("hello")), plain);
        assertSame(buffer, plain.array());
        assertThrows(CryptoException.class, () -> master.openInPlace(buffer, 2, buffer.length - 2),
                "the nonce survives in place, so a replay is refused");
    }

    @Test
    void aForgedFrameInsideALargerBufferIsRefused() {
        byte[] buffer = new byte[2 + SessionCipher.sealedLength(3)];
        minion.seal(bytes("abc"), 0, 3, buffer, 2);
        buffer[buffer.length - 1] ^= 1;
        assertThrows(CryptoException.class, () -> master.open(buffer, 2, buffer.length - 2));
    }

    @Test
    void aReplayedFrameIsRejectedAndALaterOneStillOpens() throws CryptoException {
        byte[] first = minion.seal(bytes("1"));
        byte[] second = minion.seal(bytes("2"));
        master.open(first);
        CryptoException e = assertThrows(CryptoException.class, () -> master.open(first));
        assertTrue(e.getMessage().contains("replayed or old nonce"), e.getMessage());
        assertArrayEquals(bytes("2"), master.open(second));
    }

    @Test
    void anOlderNonceIsRejectedWhileALaterOneStillOpens() throws CryptoException {
        byte[] f0 = minion.seal(bytes("0"));
        byte[] f1 = minion.seal(bytes("1"));
        byte[] f2 = minion.seal(bytes("2"));
        byte[] f3 = minion.seal(bytes("3"));
        master.open(f0);
        master.open(f2);
        assertThrows(CryptoException.class, () -> master.open(f1));
        assertArrayEquals(bytes("3"), master.open(f3));
    }

    @Test
    void aDroppedFrameDoesNotBreakLaterOnes() throws CryptoException {
        master.open(minion.seal(bytes("0")));
        minion.seal(bytes("lost at the high-water mark"));
        assertArrayEquals(bytes("2"), master.open(minion.seal(bytes("2"))));
        assertArrayEquals(bytes("3"), master.open(minion.seal(bytes("3"))));
    }

    @Test
    void aTruncatedFrameIsRejectedAndLeavesTheStateUnchanged() throws CryptoException {
        byte[] frame = minion.seal(bytes("payload"));
        for (int len = 0; len < frame.length; len++) {
            byte[] cut = Arrays.copyOf(frame, len);
            assertThrows(CryptoException.class, () -> master.open(cut), "length " + len);
        }
        assertThrows(CryptoException.class, () -> master.open(null));
        assertArrayEquals(bytes("payload"), master.open(frame));
    }

    @Test
    void aFlippedByteAnywhereFailsTheTagAndLeavesTheStateUnchanged() throws CryptoException {
        byte[] frame = minion.seal(bytes("payload"));
        for (int i = 0; i < frame.length; i++) {
            int index = i;
            assertThrows(CryptoException.class, () -> master.open(Handshakes.flip(frame, index)), "byte " + i);
        }
        assertArrayEquals(bytes("payload"), master.open(frame));
    }

    @Test
    void aFrameSealedUnderAnotherSessionsKeyFails() throws CryptoException {
        SessionCipher stranger = Handshakes.completed().initiator.split();
        CryptoException e = assertThrows(CryptoException.class, () -> master.open(stranger.seal(bytes("hi"))));
        assertTrue(e.getMessage().contains("tag"), e.getMessage());
    }

    @Test
    void aSideCannotOpenItsOwnFramesBecauseEachDirectionHasItsOwnKey() {
        assertThrows(CryptoException.class, () -> minion.open(minion.seal(bytes("reflected"))));
    }

    @Test
    void sealingIsRefusedPastTheLastNonce() throws CryptoException {
        byte[] k1 = new byte[32];
        byte[] k2 = new byte[32];
        k2[0] = 1;
        SessionCipher sender = new SessionCipher(k1, k2, SessionCipher.LAST_NONCE);
        SessionCipher receiver = new SessionCipher(k2, k1);
        byte[] last = sender.seal(bytes("last"));
        assertEquals(-2L, ByteBuffer.wrap(last).getLong());
        assertArrayEquals(bytes("last"), receiver.open(last));
        assertThrows(IllegalStateException.class, () -> sender.seal(bytes("one too many")));
        assertThrows(IllegalStateException.class, () -> sender.seal(bytes("still refused")));
    }

    @Test
    void theReservedNonceIsRejected() {
        byte[] frame = minion.seal(bytes("x"));
        Arrays.fill(frame, 0, 8, (byte) 0xff);
        CryptoException e = assertThrows(CryptoException.class, () -> master.open(frame));
        assertTrue(e.getMessage().contains("reserved"), e.getMessage());
    }

    @Test
    void concurrentSealersNeverShareANonce() throws Exception {
        ConcurrentLinkedQueue<byte[]> frames = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> tasks = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                tasks.add(pool.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        frames.add(minion.seal(bytes("m")));
                    }
                }));
            }
            for (Future<?> task : tasks) {
                task.get();
            }
        } finally {
            pool.shutdownNow();
        }
        List<byte[]> sorted = new ArrayList<>(frames);
        sorted.sort(Comparator.comparingLong(f -> ByteBuffer.wrap(f).getLong()));
        for (int i = 0; i < sorted.size(); i++) {
            assertEquals(i, ByteBuffer.wrap(sorted.get(i)).getLong());
            assertArrayEquals(bytes("m"), master.open(sorted.get(i)));
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(UTF_8);
    }
}
