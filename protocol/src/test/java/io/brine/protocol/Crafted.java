package io.brine.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;

/**
 * Hand-made msgpack for inputs no well-behaved sender produces: wrong field types, invalid UTF-8, headers that
 * declare more than follows. Valid pieces go through msgpack-core; anything else is written byte by byte.
 */
final class Crafted {
    private final MessageBufferPacker packer = MessagePack.newDefaultBufferPacker();

    private Crafted() {
    }

    /** The start of a message of the current version with the given type code; the fields are up to the caller. */
    static Crafted message(long type) {
        return new Crafted().integer(ProtocolVersion.CURRENT).integer(type);
    }

    static Crafted empty() {
        return new Crafted();
    }

    Crafted integer(long v) {
        return run(() -> packer.packLong(v));
    }

    Crafted str(String s) {
        return run(() -> packer.packString(s));
    }

    Crafted bool(boolean v) {
        return run(() -> packer.packBoolean(v));
    }

    Crafted nil() {
        return run(packer::packNil);
    }

    Crafted array(int n) {
        return run(() -> packer.packArrayHeader(n));
    }

    Crafted map(int n) {
        return run(() -> packer.packMapHeader(n));
    }

    /** A well-formed value of any kind the codec writes. */
    Crafted value(Object v) {
        return raw(valueBytes(v));
    }

    /** A string header of the right length followed by bytes that need not be UTF-8. */
    Crafted rawString(byte[] payload) {
        run(() -> packer.packRawStringHeader(payload.length));
        return raw(payload);
    }

    /** A marker byte followed by a big-endian length of {@code width} bytes: any declared length, however false. */
    Crafted header(int marker, int width, long declared) {
        raw(marker);
        for (int shift = 8 * (width - 1); shift >= 0; shift -= 8) {
            raw((int) (declared >>> shift));
        }
        return this;
    }

    Crafted raw(int... bytes) {
        return raw(SampleMessages.bytes(bytes));
    }

    Crafted raw(byte[] bytes) {
        return run(() -> packer.writePayload(bytes));
    }

    byte[] bytes() {
        return packer.toByteArray();
    }

    static byte[] valueBytes(Object v) {
        return new WireWriter().value(v).toByteArray();
    }

    private interface Step {
        void run() throws IOException;
    }

    private Crafted run(Step step) {
        try {
            step.run();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
