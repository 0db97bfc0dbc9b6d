package io.brine.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;

/** Writes message fields as msgpack. Only the value types that {@link WireReader} accepts back can be written. */
final class WireWriter {
    /**
     * Buffers of 512 bytes, not msgpack-core's 8 KiB: most messages are a few hundred bytes (a heartbeat, a job
     * request, a return), and each encode allocated and zeroed 8 KiB (a master sends one per minion per job and
     * per heartbeat). A larger message takes more buffers; referenced payloads (file chunks) are not copied.
     */
    private static final MessagePack.PackerConfig PACKER = new MessagePack.PackerConfig().withBufferSize(512);

    private final MessageBufferPacker packer = PACKER.newBufferPacker();

    WireWriter arrayHeader(int size) {
        return run(() -> packer.packArrayHeader(size));
    }

    WireWriter string(String s) {
        return s == null ? nil() : run(() -> packer.packString(s));
    }

    WireWriter integer(long v) {
        return run(() -> packer.packLong(v));
    }

    WireWriter bool(boolean v) {
        return run(() -> packer.packBoolean(v));
    }

    WireWriter nil() {
        return run(packer::packNil);
    }

    WireWriter strings(List<String> values) {
        arrayHeader(values.size());
        values.forEach(this::string);
        return this;
    }

    WireWriter list(List<?> values) {
        arrayHeader(values.size());
        values.forEach(this::value);
        return this;
    }

    WireWriter map(Map<String, ?> values) {
        run(() -> packer.packMapHeader(values.size()));
        values.forEach((k, v) -> {
            string(k);
            value(v);
        });
        return this;
    }

    /** Any value of the closed set: null, Boolean, integral and floating numbers, String, byte[], List, Map with String keys. */
    WireWriter value(Object v) {
        if (v == null) {
            return nil();
        } else if (v instanceof Boolean b) {
            return bool(b);
        } else if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            return integer(((Number) v).longValue());
        } else if (v instanceof BigInteger big) {
            return run(() -> packer.packBigInteger(big));
        } else if (v instanceof Float || v instanceof Double) {
            return run(() -> packer.packDouble(((Number) v).doubleValue()));
        } else if (v instanceof CharSequence s) {
            return string(s.toString());
        } else if (v instanceof byte[] bytes) {
            run(() -> packer.packBinaryHeader(bytes.length));
            // Referenced rather than copied: MessageCodec.encode turns the packer into bytes before it returns, and a
            // file chunk is a quarter MiB.
            return run(() -> packer.addPayload(bytes));
        } else if (v instanceof List<?> list) {
            return list(list);
        } else if (v instanceof Map<?, ?> map) {
            run(() -> packer.packMapHeader(map.size()));
            map.forEach((k, val) -> {
                string(String.valueOf(k));
                value(val);
            });
            return this;
        }
        throw new IllegalArgumentException("cannot put a " + v.getClass().getName() + " on the wire");
    }

    /** A binary value from a buffer's remaining bytes, referenced like a byte[] value; the position is left alone. */
    WireWriter binary(ByteBuffer bytes) {
        int length = bytes.remaining();
        run(() -> packer.packBinaryHeader(length));
        if (bytes.hasArray()) {
            return run(() -> packer.addPayload(bytes.array(), bytes.arrayOffset() + bytes.position(), length));
        }
        byte[] copy = new byte[length];
        bytes.duplicate().get(copy);
        return run(() -> packer.addPayload(copy));
    }

    /** Bytes already encoded as one msgpack value ({@link EncodedMap}), referenced like a byte[] value. */
    WireWriter raw(byte[] encoded) {
        return run(() -> packer.addPayload(encoded));
    }

    byte[] toByteArray() {
        return packer.toByteArray();
    }

    private interface PackStep {
        void run() throws IOException;
    }

    private WireWriter run(PackStep step) {
        try {
            step.run();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("in-memory packing failed", e);
        }
    }
}
