package io.brine.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessageInsufficientBufferException;
import org.msgpack.core.MessageIntegerOverflowException;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.core.buffer.MessageBuffer;
import org.msgpack.value.ValueType;

/**
 * Reads msgpack strictly. Every declared length is checked against the bytes actually left before anything
 * is allocated: msgpack-core trusts length headers, so a crafted header could otherwise ask for a negative
 * or gigantic array. Nesting is bounded so a deep input cannot overflow the stack; and a value read under
 * {@link ValueBounds} is refused as soon as it passes them ({@link OverBoundsException}), so what it costs to
 * refuse is at most its bounds' worth of work, whatever the frame holds beyond.
 */
final class WireReader {
    static final int MAX_DEPTH = 32;

    /** What is read, from its first byte: {@link #encodedMap} copies a range of it. */
    private final ByteBuffer source;
    private final MessageUnpacker unpacker;
    private final int size;
    /** One strict decoder for the message (each {@code decode} resets it): malformed input is refused, not replaced. */
    private final CharsetDecoder strictUtf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    WireReader(byte[] bytes) {
        this(ByteBuffer.wrap(bytes));
    }

    WireReader(ByteBuffer bytes) {
        this.source = bytes.slice();
        this.unpacker = MessagePack.newDefaultUnpacker(source.duplicate());
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
        return string(null);
    }

    private String string(Budget budget) throws IOException, MalformedMessageException {
        expect(ValueType.STRING);
        int length = bounded(unpacker.unpackRawStringHeader(), "string");
        if (budget != null) {
            budget.spentUpTo(unpacker.getTotalReadBytes() + length);
        }
        MessageBuffer payload = unpacker.readPayloadAsReference(length);
        byte[] raw;
        int offset;
        if (payload.hasArray()) {
            raw = payload.array();
            offset = payload.arrayOffset();
        } else {
            raw = payload.toByteArray();
            offset = 0;
        }
        // Most strings on the wire are ASCII (ids, function names, grain keys), valid UTF-8 by construction: made
        // straight from the bytes, without a decoder, they cost a copy (a minion's report is ~10 KB of them).
        if (ascii(raw, offset, length)) {
            return new String(raw, offset, length, StandardCharsets.ISO_8859_1);
        }
        try {
            return strictUtf8.decode(ByteBuffer.wrap(raw, offset, length)).toString();
        } catch (CharacterCodingException e) {
            throw new MalformedMessageException("string is not valid UTF-8");
        }
    }

    private static boolean ascii(byte[] bytes, int offset, int length) {
        for (int i = offset, end = offset + length; i < end; i++) {
            if (bytes[i] < 0) {
                return false;
            }
        }
        return true;
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

    /** A map refused with {@link OverBoundsException} as soon as it passes {@code bounds}. */
    @SuppressWarnings("unchecked")
    Map<String, Object> map(ValueBounds bounds) throws IOException, MalformedMessageException {
        expect(ValueType.MAP);
        return (Map<String, Object>) value(bounds);
    }

    /**
     * A map left encoded: walked as {@link #map(ValueBounds)} reads it, refused at the same point with the same
     * words when it passes {@code bounds}, but without building a string or a container. Whether its strings are
     * UTF-8 and its keys strings is left to {@link EncodedMap#decode}.
     */
    EncodedMap encodedMap(ValueBounds bounds) throws IOException, MalformedMessageException {
        expect(ValueType.MAP);
        long start = unpacker.getTotalReadBytes();
        try {
            skip(0, new Budget(bounds, start));
        } catch (MessageInsufficientBufferException e) {
            throw new MalformedMessageException("truncated " + bounds.what());
        }
        long end = unpacker.getTotalReadBytes();
        byte[] copy = new byte[(int) (end - start)];
        source.get((int) start, copy);
        return new EncodedMap(copy, bounds);
    }

    private void skip(int depth, Budget budget) throws IOException, MalformedMessageException {
        budget.take(depth);
        if (depth > MAX_DEPTH) {
            throw new MalformedMessageException("nesting deeper than " + MAX_DEPTH);
        }
        if (!unpacker.hasNext()) {
            throw new MalformedMessageException("truncated");
        }
        MessageFormat format = unpacker.getNextFormat();
        switch (format.getValueType()) {
            // skipped whole, header and bytes: nothing is allocated for them, and a length beyond the input
            // ends the walk as truncated
            case NIL, BOOLEAN, INTEGER, FLOAT, STRING, BINARY -> unpacker.skipValue();
            case ARRAY -> {
                int n = bounded(unpacker.unpackArrayHeader(), "array");
                for (int i = 0; i < n; i++) {
                    skip(depth + 1, budget);
                }
            }
            case MAP -> {
                int n = bounded(unpacker.unpackMapHeader(), "map");
                for (int i = 0; i < n; i++) {
                    expect(ValueType.STRING);
                    unpacker.skipValue();
                    budget.spentUpTo(unpacker.getTotalReadBytes());
                    skip(depth + 1, budget);
                }
            }
            default -> throw new MalformedMessageException("unsupported value type " + format.getValueType());
        }
        budget.spentUpTo(unpacker.getTotalReadBytes());
    }

    /** Any value, refused with {@link OverBoundsException} as soon as it passes {@code bounds}. */
    Object value(ValueBounds bounds) throws IOException, MalformedMessageException {
        return value(0, new Budget(bounds, unpacker.getTotalReadBytes()));
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
        return value(depth, null);
    }

    private Object value(int depth, Budget budget) throws IOException, MalformedMessageException {
        if (budget != null) {
            budget.take(depth);
        }
        if (depth > MAX_DEPTH) {
            throw new MalformedMessageException("nesting deeper than " + MAX_DEPTH);
        }
        if (!unpacker.hasNext()) {
            throw new MalformedMessageException("truncated");
        }
        Object value = element(depth, budget);
        if (budget != null) {
            budget.spentUpTo(unpacker.getTotalReadBytes());
        }
        return value;
    }

    private Object element(int depth, Budget budget) throws IOException, MalformedMessageException {
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
                return string(budget);
            case BINARY: {
                int length = bounded(unpacker.unpackBinaryHeader(), "binary");
                if (budget != null) {
                    budget.spentUpTo(unpacker.getTotalReadBytes() + length);
                }
                return unpacker.readPayload(length);
            }
            case ARRAY: {
                int n = bounded(unpacker.unpackArrayHeader(), "array");
                // Sized by what the budget allows too: a header may promise more elements than will be read.
                List<Object> out = new ArrayList<>(budget == null ? n : Math.min(n, budget.valuesLeft()));
                for (int i = 0; i < n; i++) {
                    out.add(value(depth + 1, budget));
                }
                return Collections.unmodifiableList(out);
            }
            case MAP: {
                int n = bounded(unpacker.unpackMapHeader(), "map");
                Map<String, Object> out = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    expect(ValueType.STRING);
                    String key = string(budget);
                    out.put(key, value(depth + 1, budget));
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

    /** What a value read under {@link ValueBounds} has taken so far: values met, and bytes from where it began. */
    private static final class Budget {
        private final ValueBounds bounds;
        private final long start;
        private int values;

        Budget(ValueBounds bounds, long start) {
            this.bounds = bounds;
            this.start = start;
        }

        void take(int depth) throws OverBoundsException {
            if (++values > bounds.maxValues()) {
                throw new OverBoundsException(bounds.tooManyValues());
            }
            if (depth > bounds.maxDepth()) {
                throw new OverBoundsException(bounds.tooDeep());
            }
        }

        int valuesLeft() {
            return Math.max(0, bounds.maxValues() - values);
        }

        /** Refuses before a payload is read, or once a header or scalar has been, when the value passes its bytes. */
        void spentUpTo(long position) throws OverBoundsException {
            if (position - start > bounds.maxBytes()) {
                throw new OverBoundsException(bounds.tooLarge());
            }
        }
    }
}
