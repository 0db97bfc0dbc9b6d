package io.brine.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A value's bounds mean the same to a sender checking before it sends ({@link ValueBounds#refusal}) as to the codec
 * reading it: each bound is reached exactly, passed by one, and measured as msgpack-core writes the value.
 */
class ValueBoundsTest {
    private static final int ANY = 1 << 30;

    @Test
    void eachBoundIsReachedExactlyAndRefusedOneBeyondBothBeforeSendingAndWhenRead() throws Exception {
        List<Object> four = List.of(1, 2, 3, 4);
        assertWithin(new ValueBounds("t", ANY, 5, 4), four); // the list and its four elements
        assertRefused(new ValueBounds("t", ANY, 4, 4), four, "t: more than 4 values");

        Object deep = nested(4);
        assertWithin(new ValueBounds("t", ANY, ANY, 4), deep);
        assertRefused(new ValueBounds("t", ANY, ANY, 3), deep, "t: nesting deeper than 3 levels");

        String text = "x".repeat(40); // a str8 header of 2 bytes, then 40
        assertWithin(new ValueBounds("t", 42, ANY, 4), text);
        assertRefused(new ValueBounds("t", 41, ANY, 4), text, "t: more than 41 bytes");
    }

    @Test
    void theCheckBeforeSendingMeasuresEveryValueAsTheCodecReadsIt() throws Exception {
        Random random = new Random(20240624);
        for (int i = 0; i < 2_000; i++) {
            Object value = randomValue(random, 0);
            int bytes = new WireWriter().value(value).toByteArray().length;
            int values = count(value);
            int depth = depth(value);
            assertWithin(new ValueBounds("t", bytes, values, depth), value);
            if (bytes > 1) {
                assertRefused(new ValueBounds("t", bytes - 1, values, depth), value, "bytes");
            }
            if (values > 1) {
                assertRefused(new ValueBounds("t", bytes, values - 1, depth), value, "values");
            }
            if (depth > 0) {
                assertRefused(new ValueBounds("t", bytes, values, depth - 1), value, "nesting");
            }
        }
    }

    @Test
    void boundsBeyondWhatTheCodecNestsAreAMistakeOfTheCaller() {
        assertThrows(IllegalArgumentException.class, () -> new ValueBounds("t", 1, 1, WireReader.MAX_DEPTH + 1));
        assertThrows(IllegalArgumentException.class, () -> new ValueBounds("t", 0, 1, 1));
    }

    @Test
    void whatAWellBehavedMinionSendsIsWithinItsBounds() {
        Map<String, Object> grains = Map.of("os", "Debian", "ipv4", List.of("10.0.0.1", "127.0.0.1"),
                "ip_interfaces", Map.of("eth0", List.of("10.0.0.1")), "mem_total", 15_934);
        assertEquals(Optional.empty(), ValueBounds.GRAINS.refusal(grains));
        assertEquals(Optional.empty(), ValueBounds.FUNCTIONS.refusal(Map.of("test.echo", new FunctionSignature(
                "test.echo", List.of(new FunctionSignature.Input("text", ValueType.STRING, true)), false).toWire())));
        assertEquals(Optional.empty(), ValueBounds.EVENT_DATA.refusal(Map.of("status", "ready", "step", 3)));
        assertEquals(Optional.empty(), ValueBounds.RETURN.refusal(List.of("a".repeat(1 << 20))));
    }

    private static void assertWithin(ValueBounds bounds, Object value) throws Exception {
        assertEquals(Optional.empty(), bounds.refusal(value), () -> "before sending, " + bounds);
        read(bounds, value);
    }

    private static void assertRefused(ValueBounds bounds, Object value, String reason) {
        Optional<String> before = bounds.refusal(value);
        assertTrue(before.isPresent() && before.get().contains(reason), () -> "before sending: " + before + " for "
                + bounds);
        OverBoundsException read = assertThrows(OverBoundsException.class, () -> read(bounds, value));
        assertTrue(read.getMessage().contains(reason), read.getMessage());
    }

    private static Object read(ValueBounds bounds, Object value) throws Exception {
        WireReader r = new WireReader(new WireWriter().value(value).toByteArray());
        Object out = r.value(bounds);
        r.end();
        return out;
    }

    private static Object nested(int depth) {
        Object v = "leaf";
        for (int i = 0; i < depth; i++) {
            v = i % 2 == 0 ? List.of(v) : Map.of("k", v);
        }
        return v;
    }

    private static int count(Object v) {
        int n = 1;
        if (v instanceof Map<?, ?> m) {
            for (Object o : m.values()) {
                n += count(o);
            }
        } else if (v instanceof List<?> l) {
            for (Object o : l) {
                n += count(o);
            }
        }
        return n;
    }

    private static int depth(Object v) {
        int d = 0;
        Iterable<?> children = v instanceof Map<?, ?> m ? m.values() : v instanceof List<?> l ? l : List.of();
        for (Object o : children) {
            d = Math.max(d, 1 + depth(o));
        }
        return d;
    }

    /** Values near every boundary of msgpack's encodings: header widths, integer forms, UTF-8 widths. */
    private static Object randomValue(Random random, int depth) {
        int kind = random.nextInt(depth > 4 ? 8 : 10);
        switch (kind) {
            case 0: return null;
            case 1: return random.nextBoolean();
            case 2: return edgeInteger(random);
            case 3: return random.nextBoolean() ? random.nextDouble() : (Object) random.nextFloat();
            case 4: return randomString(random, edgeLength(random));
            case 5: return new byte[edgeLength(random)];
            case 6: return BigInteger.ONE.shiftLeft(63 + random.nextInt(2)).subtract(BigInteger.ONE);
            case 7: return randomString(random, random.nextInt(40));
            case 8: {
                List<Object> list = new ArrayList<>();
                int n = random.nextInt(20) < 1 ? 16 + random.nextInt(3) : random.nextInt(5);
                for (int i = 0; i < n; i++) {
                    list.add(randomValue(random, depth + 1));
                }
                return list;
            }
            default: {
                Map<String, Object> map = new LinkedHashMap<>();
                int n = random.nextInt(20) < 1 ? 16 + random.nextInt(3) : random.nextInt(5);
                for (int i = 0; i < n; i++) {
                    map.put(randomString(random, random.nextInt(8)) + i, randomValue(random, depth + 1));
                }
                return map;
            }
        }
    }

    private static long edgeInteger(Random random) {
        long[] edges = {0, 127, 128, 255, 256, 65_535, 65_536, (1L << 32) - 1, 1L << 32, Long.MAX_VALUE, -1, -32, -33,
            -128, -129, -32_768, -32_769, Integer.MIN_VALUE, Integer.MIN_VALUE - 1L, Long.MIN_VALUE};
        return edges[random.nextInt(edges.length)] + (random.nextInt(4) == 0 ? random.nextInt(3) - 1 : 0);
    }

    private static int edgeLength(Random random) {
        int[] edges = {0, 31, 32, 255, 256, 511, 512, 65_535, 65_536};
        return Math.max(0, edges[random.nextInt(edges.length)] + random.nextInt(3) - 1);
    }

    /** ASCII, two- and three-byte characters, pairs and lone surrogates, as {@code length} chars. */
    private static String randomString(Random random, int length) {
        StringBuilder s = new StringBuilder(length);
        while (s.length() < length) {
            switch (random.nextInt(5)) {
                case 0 -> s.append((char) ('a' + random.nextInt(26)));
                case 1 -> s.append('é');
                case 2 -> s.append('€');
                case 3 -> s.append(length - s.length() >= 2 ? "🧂" : "x");
                default -> s.append(random.nextInt(4) == 0 ? '\uD800' : 'z');
            }
        }
        return s.toString();
    }
}
