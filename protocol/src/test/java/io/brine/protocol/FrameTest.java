package io.brine.protocol;

import static io.brine.protocol.SampleMessages.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    @ValueSource(ints = {0, 6, 0x7f, 0x80, 0xff})
    void aFrameOfAnUnknownKindIsRejected(int kind) {
        assertRejected(bytes(ProtocolVersion.CURRENT, kind, 'x'), Frame.DEFAULT_MAX_SIZE, "kind");
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

    private static void assertRejected(byte[] raw, int maxSize, String reason) {
        MalformedMessageException e = assertThrows(MalformedMessageException.class, () -> Frame.decode(raw, maxSize));
        assertTrue(e.getMessage().contains(reason), () -> "expected '" + reason + "' in: " + e.getMessage());
    }
}
