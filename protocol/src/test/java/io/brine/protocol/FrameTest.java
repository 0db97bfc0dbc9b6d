package io.brine.protocol;

import static io.brine.protocol.SampleMessages.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class FrameTest {

    @ParameterizedTest
    @EnumSource(FrameKind.class)
    void everyKindOfFrameSurvivesARoundTrip(FrameKind kind) throws MalformedMessageException {
        byte[] body = MessageCodec.encode(new Ping(7));
        byte[] raw = new Frame(kind, body).encode();
        assertEquals(2 + body.length, raw.length);
        assertEquals(ProtocolVersion.CURRENT, raw[0]);
        Frame got = Frame.decode(raw, Frame.DEFAULT_MAX_SIZE);
        assertEquals(kind, got.kind());
        assertArrayEquals(body, got.body());
    }

    @Test
    void aFrameWithAnEmptyBodyIsJustItsHeader() throws MalformedMessageException {
        byte[] raw = new Frame(FrameKind.RESET, new byte[0]).encode();
        assertArrayEquals(bytes(ProtocolVersion.CURRENT, 5), raw);
        assertArrayEquals(new byte[0], Frame.decode(raw, 2).body());
    }

    @Test
    void theDecodedBodyIsACopyThatLaterChangesToTheInputDoNotReach() throws MalformedMessageException {
        byte[] raw = bytes(ProtocolVersion.CURRENT, 4, 'a', 'b');
        Frame frame = Frame.decode(raw, 16);
        raw[2] = 'X';
        assertArrayEquals(bytes('a', 'b'), frame.body());
    }

    @Test
    void anInputShorterThanTheHeaderIsRejected() {
        assertRejected(null, Frame.DEFAULT_MAX_SIZE, "shorter");
        assertRejected(new byte[0], Frame.DEFAULT_MAX_SIZE, "shorter");
        assertRejected(bytes(ProtocolVersion.CURRENT), Frame.DEFAULT_MAX_SIZE, "shorter");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 2, 0x7f, 0x80, 0xff})
    void aFrameOfAnotherVersionIsRejected(int version) {
        assertRejected(bytes(version, 4, 'x'), Frame.DEFAULT_MAX_SIZE, "version");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 7, 0x7f, 0x80, 0xff})
    void aFrameOfAnUnknownKindIsRejected(int kind) {
        assertRejected(bytes(ProtocolVersion.CURRENT, kind, 'x'), Frame.DEFAULT_MAX_SIZE, "kind");
    }

    @Test
    void aBusyFrameCarriesItsWaitBoundedToThirtySeconds() throws MalformedMessageException {
        Frame busy = Frame.decode(new Frame(FrameKind.BUSY, FrameKind.retryAfter(1500)).encode(), 16);
        assertEquals(FrameKind.BUSY, busy.kind());
        assertEquals(1500, FrameKind.retryAfterMillis(busy.body()));
        assertEquals(FrameKind.MAX_RETRY_AFTER_MILLIS, FrameKind.retryAfterMillis(FrameKind.retryAfter(Integer.MAX_VALUE)));
        assertEquals(1, FrameKind.retryAfterMillis(FrameKind.retryAfter(-5)));
        org.junit.jupiter.api.Assertions.assertThrows(MalformedMessageException.class,
                () -> FrameKind.retryAfterMillis(new byte[3]));
    }

    @Test
    void aFrameExactlyAtTheLimitIsAccepted() throws MalformedMessageException {
        byte[] raw = new Frame(FrameKind.SEALED, new byte[98]).encode();
        assertEquals(98, Frame.decode(raw, 100).body().length);
    }

    @Test
    void anOversizeFrameIsRejectedBeforeItsBodyIsCopied() {
        byte[] raw = new byte[Frame.DEFAULT_MAX_SIZE + 1];
        raw[0] = ProtocolVersion.CURRENT;
        raw[1] = 4;
        long before = DecodeContract.allocatedBytes();
        assertRejected(raw, Frame.DEFAULT_MAX_SIZE, "exceeds the limit");
        long used = DecodeContract.allocatedBytes() - before;
        assertTrue(before < 0 || used < 1024 * 1024, () -> "rejecting an oversize frame allocated " + used + " bytes");
    }

    @Test
    void sizeIsCheckedBeforeVersionAndKind() {
        assertRejected(bytes(9, 9, 0, 0), 3, "exceeds the limit");
    }

    @Test
    void aMessageSealedStraightIntoItsFrameOpensWhereItLiesAndLooksLikeOneFramedTheLongWay() throws Exception {
        SessionCipher[] pair = sessionPair();
        byte[] message = MessageCodec.encode(new Ping(42));
        byte[] direct = Frame.sealed(pair[0], message);
        byte[] longWay = new Frame(FrameKind.SEALED, pair[0].seal(message)).encode();

        assertEquals(longWay.length, direct.length);
        assertEquals(FrameKind.SEALED, Frame.kindOf(direct, Frame.DEFAULT_MAX_SIZE));
        assertEquals(ByteBuffer.wrap(message), Frame.open(pair[1], direct));
        assertEquals(ByteBuffer.wrap(message), Frame.open(pair[1], longWay), "the next nonce opens too");
        assertThrows(CryptoException.class, () -> Frame.open(pair[1], direct), "a replay is still refused");
    }

    @Test
    void aReceivedFileChunkStaysInTheFrameItArrivedIn() throws Exception {
        SessionCipher[] pair = sessionPair();
        byte[] chunk = new byte[256 * 1024];
        new java.util.Random(7).nextBytes(chunk);
        FileReply sent = new FileReply(9, FileReply.Status.DATA, "ab".repeat(32), 1 << 20, 0, chunk);
        byte[] raw = Frame.sealed(pair[0], MessageCodec.encode(sent));

        FileReply received = (FileReply) MessageCodec.decode(Frame.open(pair[1], raw));
        assertEquals(sent, received);
        assertEquals(chunk.length, received.length());
        assertSame(raw, received.data().array(), "the chunk is a view of the decrypted frame, not a copy");
        ByteBuffer read = received.data();
        read.position(read.limit());
        assertEquals(chunk.length, received.data().remaining(), "one reader does not move another's position");
    }

    @Test
    void kindOfChecksWhatDecodeChecks() {
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> Frame.kindOf(bytes(ProtocolVersion.CURRENT, 0x7f, 'x'), Frame.DEFAULT_MAX_SIZE));
        assertTrue(e.getMessage().contains("kind"), e.getMessage());
        assertThrows(MalformedMessageException.class, () -> Frame.kindOf(new byte[200], 100));
    }

    /** Both ends of a real Noise XX session: what the initiator seals, the responder opens. */
    private static SessionCipher[] sessionPair() throws CryptoException {
        byte[] prologue = {'t'};
        NoiseXX initiator = NoiseXX.initiator(StaticKeyPair.generate(), prologue);
        NoiseXX responder = NoiseXX.responder(StaticKeyPair.generate(), prologue);
        responder.readMessage(initiator.writeMessage(new byte[0]));
        initiator.readMessage(responder.writeMessage(new byte[0]));
        responder.readMessage(initiator.writeMessage(new byte[0]));
        return new SessionCipher[] {initiator.split(), responder.split()};
    }

    private static void assertRejected(byte[] raw, int maxSize, String reason) {
        MalformedMessageException e = assertThrows(MalformedMessageException.class, () -> Frame.decode(raw, maxSize));
        assertTrue(e.getMessage().contains(reason), () -> "expected '" + reason + "' in: " + e.getMessage());
    }
}
