package io.brine.protocol;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * A map kept as the msgpack bytes it arrived in: checked against its {@link ValueBounds} when the message was read
 * (nesting, values, bytes), decoded only when someone asks. A minion's function declarations are ~10 KB of small
 * maps that every minion of a fleet sends alike on every connection; the master's I/O thread only walks them, and
 * a worker decodes each distinct set once ({@link #equals} compares bytes).
 *
 * <pre>{@code
 * EncodedMap declared = EncodedMap.of(Map.of("test.ping", Map.of("inputs", List.of())), ValueBounds.FUNCTIONS);
 * declared.decode();   // {test.ping={inputs=[]}}
 * }</pre>
 */
public final class EncodedMap {
    private final byte[] bytes;
    private final ValueBounds bounds;
    /** Computed when first asked, by the worker that keys a set by it: not on the I/O thread that read the map. */
    private int hash;

    EncodedMap(byte[] bytes, ValueBounds bounds) {
        this.bytes = bytes;
        this.bounds = Objects.requireNonNull(bounds, "bounds");
    }

    /** {@code map} encoded, to be read back under {@code bounds}. */
    public static EncodedMap of(Map<String, ?> map, ValueBounds bounds) {
        return new EncodedMap(new WireWriter().map(map).toByteArray(), bounds);
    }

    /**
     * The map. Strictly read, as every message is: a string that is not UTF-8, a key that is not a string or a
     * value beyond the bounds is refused here, since the walk that admitted the bytes checked only their shape.
     */
    public Map<String, Object> decode() throws MalformedMessageException {
        try {
            WireReader r = new WireReader(bytes);
            Map<String, Object> map = r.map(bounds);
            r.end();
            return map;
        } catch (IOException | RuntimeException e) {
            throw new MalformedMessageException("malformed " + bounds.what() + ": " + e, e);
        }
    }

    /** Whether it holds no entries (the one-byte empty map). */
    public boolean isEmpty() {
        return bytes.length == 1 && bytes[0] == (byte) 0x80;
    }

    /** Its size on the wire. */
    public int byteSize() {
        return bytes.length;
    }

    void writeTo(WireWriter w) {
        w.raw(bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EncodedMap other && hashCode() == other.hashCode() && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(bytes);
            hash = h; // a benign race: every thread computes the same value
        }
        return h;
    }

    @Override
    public String toString() {
        return "EncodedMap[" + bounds.what() + ", " + bytes.length + " bytes]";
    }
}
