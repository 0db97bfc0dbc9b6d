package io.brine.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessageIntegerOverflowException;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.value.ValueType;

/**
 * Reads msgpack strictly. Every declared length is checked against the bytes actually left before anything
 * is allocated: msgpack-core trusts length headers, so a crafted header could otherwise ask for a negative
 * or gigantic array. Nesting is bounded so a deep input cannot overflow the stack.
 */
final class WireReader {
    static final int MAX_DEPTH = 32;

    private final MessageUnpacker unpacker;
    private final int size;

    WireReader(byte[] bytes) {
        this(ByteBuffer.wrap(bytes));
    }

    WireReader(ByteBuffer bytes) {
        this.unpacker = MessagePack.newDefaultUnpacker(bytes.slice());
        this.size = bytes.remaining();
    }

    int arrayHeader() throws IOException, MalformedMessageException {
        expect(ValueType.ARRAY);
        return bounded(unpacker.unpackArrayHeader(), "array");
    }

    /** Reads an array header and insists on exactly {@code n} elements: a message's field count. */
    void fields(String type, int n) throws IOException, MalformedMessageException {
        int actual = arrayHeader();
        if (actual != n) {
            throw new MalformedMessageException(type + " has " + actual + " fields, expected " + n);
        }
    }

    String string() throws IOException, MalformedMessageException {
        expect(ValueType.STRING);
        int length = bounded(unpacker.unpackRawStringHeader(), "string");
        byte[] raw = unpacker.readPayload(length);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            throw new MalformedMessageException("string is not valid UTF-8");
        }
    }

    String nullableString() throws IOException, MalformedMessageException {
        if (unpacker.getNextFormat() == MessageFormat.NIL) {
            unpacker.unpackNil();
            return null;
        }
        return string();
    }

    long integer() throws IOException, MalformedMessageException {
        expect(ValueType.INTEGER);
        try {
            return unpacker.unpackLong();
        } catch (MessageIntegerOverflowException e) {
            throw new MalformedMessageException("integer out of range");
        }
    }

    int smallInt(String what, int min, int max) throws IOException, MalformedMessageException {
        long v = integer();
        if (v < min || v > max) {
            throw new MalformedMessageException(what + " out of range: " + v);
        }
        return (int) v;
    }

    boolean bool() throws IOException, MalformedMessageException {
        expect(ValueType.BOOLEAN);
        return unpacker.unpackBoolean();
    }

    List<String> strings() throws IOException, MalformedMessageException {
        int n = arrayHeader();
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(string());
        }
        return Collections.unmodifiableList(out);
    }

    @SuppressWarnings("unchecked")
    List<Object> list() throws IOException, MalformedMessageException {
        expect(ValueType.ARRAY);
        return (List<Object>) value(0);
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> map() throws IOException, MalformedMessageException {
        expect(ValueType.MAP);
        return (Map<String, Object>) value(0);
    }

    Object value() throws IOException, MalformedMessageException {
        return value(0);
    }

    /** A binary value as a view of the bytes being read, where they are a heap array (always, from a frame). */
    ByteBuffer binaryView() throws IOException, MalformedMessageException {
        expect(ValueType.BINARY);
        int length = bounded(unpacker.unpackBinaryHeader(), "binary");
        MessageBuffer payload = unpacker.readPayloadAsReference(length);
        if (!payload.hasArray()) {
            return ByteBuffer.wrap(payload.toByteArray());
        }
        return ByteBuffer.wrap(payload.array(), payload.arrayOffset(), length).slice();
    }

    /** Everything must have been consumed: trailing bytes mean the sender and we disagree about the shape. */
    void end() throws IOException, MalformedMessageException {
        if (unpacker.hasNext()) {
            throw new MalformedMessageException("trailing bytes after message");
        }
    }

    private Object value(int depth) throws IOException, MalformedMessageException {
        if (depth > MAX_DEPTH) {
            throw new MalformedMessageException("nesting deeper than " + MAX_DEPTH);
        }
        if (!unpacker.hasNext()) {
            throw new MalformedMessageException("truncated");
        }
        MessageFormat format = unpacker.getNextFormat();
        switch (format.getValueType()) {
            case NIL:
                unpacker.unpackNil();
                return null;
            case BOOLEAN:
                return unpacker.unpackBoolean();
            case INTEGER:
                try {
                    return unpacker.unpackLong();
                } catch (MessageIntegerOverflowException e) {
                    return e.getBigInteger();
                }
            case FLOAT:
                return unpacker.unpackDouble();
            case STRING:
                return string();
            case BINARY: {
                int length = bounded(unpacker.unpackBinaryHeader(), "binary");
                return unpacker.readPayload(length);
            }
            case ARRAY: {
                int n = bounded(unpacker.unpackArrayHeader(), "array");
                List<Object> out = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    out.add(value(depth + 1));
                }
                return Collections.unmodifiableList(out);
            }
            case MAP: {
                int n = bounded(unpacker.unpackMapHeader(), "map");
                Map<String, Object> out = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    expect(ValueType.STRING);
                    String key = string();
                    out.put(key, value(depth + 1));
                }
                return Collections.unmodifiableMap(out);
            }
            default:
                throw new MalformedMessageException("unsupported value type " + format.getValueType());
        }
    }

    private void expect(ValueType type) throws IOException, MalformedMessageException {
        if (!unpacker.hasNext()) {
            throw new MalformedMessageException("truncated: expected " + type);
        }
        ValueType actual = unpacker.getNextFormat().getValueType();
        if (actual != type) {
            throw new MalformedMessageException("expected " + type + " but found " + actual);
        }
    }

    /**
     * A declared element count or byte length can never exceed the bytes left: each element takes at least one.
     * Negative values appear when a 32-bit header holds a value above Integer.MAX_VALUE.
     */
    private int bounded(int declared, String what) throws MalformedMessageException {
        long remaining = size - unpacker.getTotalReadBytes();
        if (declared < 0 || declared > remaining) {
            throw new MalformedMessageException(what + " declares " + Integer.toUnsignedString(declared)
                    + " but only " + remaining + " bytes remain");
        }
        return declared;
    }
}
