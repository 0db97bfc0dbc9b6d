package io.brine.protocol;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;

/**
 * Deterministic, structure-aware corruption of valid encodings: what a fuzzer would find in its first minutes,
 * repeatable from a seed so that a failure in CI can be replayed exactly.
 */
final class Mutator {
    /** Bytes that mean something to msgpack: boundaries of fixints, nil/bool, every header and ext marker. */
    private static final int[] INTERESTING_BYTES = {0x00, 0x01, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0,
        0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xcb, 0xcc, 0xcf, 0xd3, 0xd4, 0xd8, 0xd9, 0xda,
        0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xe0, 0xff};
    private static final long[] INTERESTING_LENGTHS = {0, 1, 2, 15, 16, 31, 32, 0x7f, 0xff, 0x100, 0xffff, 0x10000,
        0x7fff_ffffL, 0x8000_0000L, 0xffff_fffeL, 0xffff_ffffL};

    private final Random random;
    private final List<byte[]> seeds;
    private final Map<byte[], List<int[]>> seedHeaders = new IdentityHashMap<>();

    Mutator(long seed, List<byte[]> seeds) {
        this.random = new Random(seed);
        this.seeds = List.copyOf(seeds);
        this.seeds.forEach(s -> seedHeaders.put(s, headers(s)));
    }

    /** A random seed corrupted by one to three stacked mutations. */
    byte[] next() {
        byte[] out = seeds.get(random.nextInt(seeds.size()));
        int rounds = 1 + random.nextInt(3);
        for (int i = 0; i < rounds; i++) {
            out = mutateOnce(out);
        }
        return out;
    }

    private byte[] mutateOnce(byte[] in) {
        switch (random.nextInt(8)) {
            case 0: return flipBits(in);
            case 1: return setInterestingByte(in);
            case 2: return insertBytes(in);
            case 3: return deleteBytes(in);
            case 4: return splice(in);
            case 5: return Arrays.copyOf(in, random.nextInt(in.length + 1));
            default: return corruptLength(in);
        }
    }

    private byte[] flipBits(byte[] in) {
        byte[] out = in.clone();
        for (int n = 1 + random.nextInt(4); n > 0 && out.length > 0; n--) {
            out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
        }
        return out;
    }

    private byte[] setInterestingByte(byte[] in) {
        byte[] out = in.clone();
        if (out.length > 0) {
            out[random.nextInt(out.length)] = (byte) INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
        }
        return out;
    }

    private byte[] insertBytes(byte[] in) {
        byte[] inserted = new byte[1 + random.nextInt(8)];
        for (int i = 0; i < inserted.length; i++) {
            inserted[i] = (byte) (random.nextBoolean() ? random.nextInt(256)
                    : INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)]);
        }
        return replace(in, random.nextInt(in.length + 1), 0, inserted);
    }

    private byte[] deleteBytes(byte[] in) {
        if (in.length == 0) {
            return in;
        }
        int at = random.nextInt(in.length);
        return replace(in, at, 1 + random.nextInt(Math.min(8, in.length - at)), new byte[0]);
    }

    /** The front of one message joined to the back of another: fields of one type where another's are due. */
    private byte[] splice(byte[] in) {
        byte[] other = seeds.get(random.nextInt(seeds.size()));
        int cut = random.nextInt(in.length + 1);
        int from = random.nextInt(other.length + 1);
        byte[] out = Arrays.copyOf(in, cut + other.length - from);
        System.arraycopy(other, from, out, cut, other.length - from);
        return out;
    }

    /** Rewrites one real string, binary, array or map header to declare a different, often absurd, length. */
    private byte[] corruptLength(byte[] in) {
        List<int[]> headers = seedHeaders.containsKey(in) ? seedHeaders.get(in) : headers(in);
        if (headers.isEmpty()) {
            return replace(in, random.nextInt(in.length + 1), 0, header(random.nextInt(4), length(in.length)));
        }
        int[] h = headers.get(random.nextInt(headers.size()));
        int kind = random.nextInt(8) == 0 ? random.nextInt(4) : h[2];
        return replace(in, h[0], h[1], header(kind, length(in.length - h[0] - h[1])));
    }

    private long length(int remaining) {
        switch (random.nextInt(4)) {
            case 0: return Math.max(0, remaining + random.nextInt(3) - 1);
            case 1: return random.nextInt() & 0xffff_ffffL;
            default: return INTERESTING_LENGTHS[random.nextInt(INTERESTING_LENGTHS.length)];
        }
    }

    /** Kinds 0 to 3 are string, binary, array, map; the width is picked at random, so a length may be cut short. */
    private byte[] header(int kind, long length) {
        int[][] markers = {{0xa0, 0xd9, 0xda, 0xdb}, {-1, 0xc4, 0xc5, 0xc6}, {0x90, -1, 0xdc, 0xdd},
            {0x80, -1, 0xde, 0xdf}};
        int width;
        do {
            width = random.nextInt(4);
        } while (markers[kind][width] < 0);
        int marker = markers[kind][width];
        if (width == 0) {
            return new byte[] {(byte) (marker | (int) (length & (kind == 0 ? 0x1f : 0x0f)))};
        }
        int bytes = width == 3 ? 4 : width;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(marker);
        for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
            out.write((int) (length >>> shift));
        }
        return out.toByteArray();
    }

    /** Offset, size and kind of each header, read until the input stops making sense. */
    static List<int[]> headers(byte[] in) {
        List<int[]> out = new ArrayList<>();
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(in)) {
            while (u.hasNext()) {
                int at = (int) u.getTotalReadBytes();
                ValueType type = u.getNextFormat().getValueType();
                int kind = type == ValueType.STRING ? 0 : type == ValueType.BINARY ? 1
                        : type == ValueType.ARRAY ? 2 : type == ValueType.MAP ? 3 : -1;
                int payload = 0;
                switch (kind) {
                    case 0: payload = u.unpackRawStringHeader(); break;
                    case 1: payload = u.unpackBinaryHeader(); break;
                    case 2: u.unpackArrayHeader(); break;
                    case 3: u.unpackMapHeader(); break;
                    default: u.skipValue(); continue;
                }
                int end = (int) u.getTotalReadBytes();
                out.add(new int[] {at, end - at, kind});
                if (payload < 0 || payload > in.length - end) {
                    break;
                }
                u.readPayloadAsReference(payload);
            }
        } catch (IOException | RuntimeException stopHere) {
            // A mutated input is scanned as far as it parses; what was found so far is enough.
        }
        return out;
    }

    private static byte[] replace(byte[] in, int at, int removed, byte[] inserted) {
        byte[] out = new byte[in.length - removed + inserted.length];
        System.arraycopy(in, 0, out, 0, at);
        System.arraycopy(inserted, 0, out, at, inserted.length);
        System.arraycopy(in, at + removed, out, at + inserted.length, in.length - at - removed);
        return out;
    }
}
