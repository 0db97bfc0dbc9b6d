package io.brine.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How large one free-form value a minion sends may be: its encoded bytes, how many values it holds (every scalar
 * and container at every level, itself included; map keys count as bytes only) and how deep they nest (the value
 * itself is at depth 0, what it holds at 1). The codec refuses a message holding a value beyond its bounds while
 * it reads it, before it has built more than {@code maxValues} of them ({@link OverBoundsException}); a sender
 * asks {@link #refusal} first, so a well-behaved peer never sends one. A grains report of a million entries costs
 * the master a few thousand values' work, not a million.
 *
 * <pre>{@code
 * ValueBounds.GRAINS.refusal(grains).ifPresent(why -> LOG.log(Level.ERROR, why));
 * }</pre>
 */
public record ValueBounds(String what, long maxBytes, int maxValues, int maxDepth) {
    /** A minion's grains: Salt's are a few KiB of a few hundred values, three levels deep. */
    public static final ValueBounds GRAINS = new ValueBounds("grains", 1L << 20, 65_536, 16);
    /** A minion's function declarations: about 12 values each, so 4,096 declared functions with room to spare. */
    public static final ValueBounds FUNCTIONS = new ValueBounds("function declarations", 2L << 20, 131_072, 8);
    /**
     * The data of an event a minion forwards from its guest: whatever fits the event socket's 64 KiB line, as
     * msgpack (a JSON number may take 9 bytes there), and Salt's nesting.
     */
    public static final ValueBounds EVENT_DATA = new ValueBounds("event data", 256L << 10, 32_768,
            WireReader.MAX_DEPTH);
    /**
     * One mine update: the values of a minion's mine functions together. Salt's mines hold addresses and key
     * fingerprints; a whole {@code grains.items} fits with room to spare.
     */
    public static final ValueBounds MINE = new ValueBounds("mine data", 1L << 20, 65_536, 16);
    /**
     * A job's return value: its bytes are bounded by {@code max_return_size} (the master's, after decoding), its
     * values here: ten times {@code file.find}'s 100,000 matches.
     */
    public static final ValueBounds RETURN = new ValueBounds("return", Long.MAX_VALUE, 1 << 20, WireReader.MAX_DEPTH);

    public ValueBounds {
        Objects.requireNonNull(what, "what");
        if (maxBytes < 1 || maxValues < 1 || maxDepth < 0 || maxDepth > WireReader.MAX_DEPTH) {
            throw new IllegalArgumentException("bounds of " + what + " out of range: " + maxBytes + " bytes, "
                    + maxValues + " values, depth " + maxDepth);
        }
    }

    /** Why {@code value} is beyond these bounds, in the words the codec would refuse it with; empty when it is not. */
    public Optional<String> refusal(Object value) {
        Walk walk = new Walk();
        return Optional.ofNullable(walk.visit(value, 0));
    }

    String tooManyValues() {
        return what + ": more than " + maxValues + " values";
    }

    String tooDeep() {
        return what + ": nesting deeper than " + maxDepth + " levels";
    }

    String tooLarge() {
        return what + ": more than " + maxBytes + " bytes";
    }

    /** Counts as the codec reads: values as they are met, bytes as msgpack-core writes them (smallest form). */
    private final class Walk {
        private int values;
        private long bytes;

        /** Null while within bounds, else why not. */
        String visit(Object v, int depth) {
            if (++values > maxValues) {
                return tooManyValues();
            }
            if (depth > maxDepth) {
                return tooDeep();
            }
            String why = null;
            if (v instanceof Map<?, ?> map) {
                bytes += containerHeader(map.size());
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    bytes += stringSize(String.valueOf(e.getKey()));
                    why = bytes > maxBytes ? tooLarge() : visit(e.getValue(), depth + 1);
                    if (why != null) {
                        return why;
                    }
                }
            } else if (v instanceof List<?> list) {
                bytes += containerHeader(list.size());
                for (Object o : list) {
                    why = bytes > maxBytes ? tooLarge() : visit(o, depth + 1);
                    if (why != null) {
                        return why;
                    }
                }
            } else {
                bytes += scalarSize(v);
            }
            return bytes > maxBytes ? tooLarge() : null;
        }
    }

    private static int containerHeader(int n) {
        return n < 16 ? 1 : n < 65_536 ? 3 : 5;
    }

    private static long scalarSize(Object v) {
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            return integerSize(((Number) v).longValue());
        }
        if (v instanceof java.math.BigInteger big) {
            return big.bitLength() <= 63 ? integerSize(big.longValue()) : 9;
        }
        if (v instanceof Float || v instanceof Double) {
            return 9;
        }
        if (v instanceof CharSequence s) {
            return stringSize(s.toString());
        }
        if (v instanceof byte[] b) {
            return (b.length < 256 ? 2 : b.length < 65_536 ? 3 : 5) + (long) b.length;
        }
        return 1; // null, a boolean (anything else cannot be written at all)
    }

    private static int integerSize(long v) {
        if (v >= -32 && v < 128) {
            return 1;
        }
        if (v >= 0) {
            return v < 256 ? 2 : v < 65_536 ? 3 : v < (1L << 32) ? 5 : 9;
        }
        return v >= -128 ? 2 : v >= -32_768 ? 3 : v >= Integer.MIN_VALUE ? 5 : 9;
    }

    private static long stringSize(String s) {
        long n = utf8Length(s);
        return (n < 32 ? 1 : n < 256 ? 2 : n < 65_536 ? 3 : 5) + n;
    }

    /** As the packer encodes: a lone surrogate becomes one '?'. */
    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                n += 1;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
