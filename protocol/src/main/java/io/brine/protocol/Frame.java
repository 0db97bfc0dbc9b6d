package io.brine.protocol;

import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.SessionCipher;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * One wire frame: a version byte, a kind byte, then the body. Size is checked before anything else is
 * looked at, so an oversize frame costs nothing but the read.
 */
public record Frame(FrameKind kind, byte[] body) {
    /** Default cap on a frame: room for a 4 MiB file chunk plus envelope, far below what would hurt a heap. */
    public static final int DEFAULT_MAX_SIZE = 8 * 1024 * 1024;
    /** Version and kind: the bytes before a frame's body. */
    public static final int HEADER = 2;

    public Frame {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(body, "body");
    }

    public byte[] encode() {
        byte[] out = new byte[HEADER + body.length];
        out[0] = (byte) ProtocolVersion.CURRENT;
        out[1] = kind.code;
        System.arraycopy(body, 0, out, HEADER, body.length);
        return out;
    }

    public static Frame decode(byte[] raw, int maxSize) throws MalformedMessageException {
        return new Frame(kindOf(raw, maxSize), Arrays.copyOfRange(raw, HEADER, raw.length));
    }

    /** The kind of a received frame, checked as {@link #decode} checks it (size, version, kind), body left alone. */
    public static FrameKind kindOf(byte[] raw, int maxSize) throws MalformedMessageException {
        return kindOf(raw, raw == null ? 0 : raw.length, maxSize);
    }

    /** {@link #kindOf(byte[], int)} for a frame received into the first {@code length} bytes of a larger buffer. */
    public static FrameKind kindOf(byte[] raw, int length, int maxSize) throws MalformedMessageException {
        if (raw == null || length < HEADER) {
            throw new MalformedMessageException("frame shorter than its header");
        }
        if (length > maxSize) {
            throw new MalformedMessageException("frame of " + length + " bytes exceeds the limit of " + maxSize);
        }
        if (raw[0] != (byte) ProtocolVersion.CURRENT) {
            throw new MalformedMessageException("unsupported frame version " + (raw[0] & 0xff));
        }
        return FrameKind.of(raw[1]);
    }

    /**
     * A {@link FrameKind#SEALED} frame of {@code plaintext}, encoded: sealed straight behind the header, so a
     * large message (a file chunk) is not copied once more to be framed.
     */
    public static byte[] sealed(SessionCipher cipher, byte[] plaintext) {
        byte[] out = new byte[HEADER + SessionCipher.sealedLength(plaintext.length)];
        out[0] = (byte) ProtocolVersion.CURRENT;
        out[1] = FrameKind.SEALED.code;
        cipher.seal(plaintext, 0, plaintext.length, out, HEADER);
        return out;
    }

    /**
     * Opens a received sealed frame where it lies, decrypting over it, and returns the plaintext as a view of
     * {@code raw}; {@code raw} must have passed {@link #kindOf} as SEALED and is not to be used otherwise after.
     */
    public static ByteBuffer open(SessionCipher cipher, byte[] raw) throws CryptoException {
        return open(cipher, raw, raw.length);
    }

    /** {@link #open(SessionCipher, byte[])} for a frame received into the first {@code length} bytes of a buffer. */
    public static ByteBuffer open(SessionCipher cipher, byte[] raw, int length) throws CryptoException {
        return cipher.openInPlace(raw, HEADER, length - HEADER);
    }
}
