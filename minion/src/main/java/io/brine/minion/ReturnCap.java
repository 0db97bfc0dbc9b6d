package io.brine.minion;

import io.brine.protocol.JobReturn;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.ValueBounds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps a return within a limit (the smaller of this minion's {@code max_return_size} and what its master takes,
 * see {@link ReturnSender}), so a large output arrives truncated with a marker saying so instead of being refused.
 * The longest text in the return is cut first (a command's stdout, usually), again while needed; a return that is
 * still too large (a huge list of small values) is replaced by a failed return that says how large it was; so is one
 * holding more values, or nested deeper, than the master reads ({@link ValueBounds#RETURN}). The marker gives the
 * size the output had before anything cut it, the function's own output cap included.
 */
final class ReturnCap {
    /** What a cut text ends with; the numbers let the operator know how much is missing. */
    static final String MARKER = "\n[... truncated by brine: the return was %d bytes, over %s %d]";
    /** A marker an earlier cut left: replaced, not stacked, when a return is cut again (to a smaller limit). */
    private static final java.util.regex.Pattern ANY_MARKER = java.util.regex.Pattern.compile(
            "\n\\[\\.\\.\\. truncated by brine: the return was \\d+ bytes, over [^\\]]*\\]$");
    /** Room for what a sealed frame adds to the encoded return (frame header, nonce, tag), with margin. */
    static final int FRAME_OVERHEAD = 64;
    private static final int ROUNDS = 8;

    private final int limit;
    private final String limitName;
    private final int maxBytes;

    /** A cap at this minion's own {@code max_return_size}. */
    ReturnCap(int maxReturnSize) {
        this(maxReturnSize, "max_return_size");
    }

    /**
     * @param limit     the largest frame a return may take; the encoded return stays below it by the overhead
     * @param limitName what the limit is, for the marker: {@code max_return_size}, or the master's
     */
    ReturnCap(int limit, String limitName) {
        this.limit = limit;
        this.limitName = limitName;
        this.maxBytes = limit - FRAME_OVERHEAD;
    }

    JobReturn apply(JobReturn ret) {
        return apply(ret, 0);
    }

    /**
     * {@code ret} within the limit; {@code uncutBytes} is how large the function's output was in full (0 when it does
     * not say: then the return's own encoded size), for the marker.
     */
    JobReturn apply(JobReturn ret, long uncutBytes) {
        MinionReturn result = ret.result();
        java.util.Optional<String> tooMany = ValueBounds.RETURN.refusal(result.ret());
        if (tooMany.isPresent()) {
            // the master would refuse it unread, and the caller would wait for the job's timeout
            return new JobReturn(ret.jid(), MinionReturn.failed(result.retcode(), "return not sent: it holds more than "
                    + "the master reads (" + tooMany.get() + ")", result.startMillis(), result.endMillis()));
        }
        if (upperBound(ret.result().ret(), 0) + 512 <= maxBytes) {
            return ret;
        }
        int encoded = MessageCodec.encode(ret).length;
        if (encoded <= maxBytes) {
            return ret;
        }
        long original = uncutBytes > 0 ? uncutBytes : encoded; // the output's own size when the function says
        MinionReturn r = ret.result();
        Object value = r.ret();
        String marker = String.format(MARKER, original, limitName, limit);
        int size = encoded;
        for (int round = 0; round < ROUNDS && size > maxBytes; round++) {
            Object longest = longest(value, null);
            if (longest == null) {
                break;
            }
            int excess = size - maxBytes + marker.length() * 3 + 64;
            value = replace(value, longest, cut(longest, excess, marker));
            size = MessageCodec.encode(new JobReturn(ret.jid(), withRet(r, value))).length;
        }
        if (size > maxBytes) {
            return new JobReturn(ret.jid(), MinionReturn.failed(r.retcode() == 0 ? 1 : r.retcode(),
                    "return too large: " + original + " bytes, over " + limitName + " " + limit + " even when cut; not sent",
                    r.startMillis(), r.endMillis()));
        }
        return new JobReturn(ret.jid(), withRet(r, value));
    }

    private static MinionReturn withRet(MinionReturn r, Object value) {
        return new MinionReturn(r.success(), r.retcode(), value, r.startMillis(), r.endMillis());
    }

    /** A cheap bound on a return's encoded size, without encoding it. */
    static long sizeBound(JobReturn ret) {
        return 64 + upperBound(ret.result().ret(), 0);
    }

    /** A cheap bound on the encoded size: most returns are far below the cap and are never encoded twice. */
    private static long upperBound(Object v, int depth) {
        if (v instanceof String s) {
            return 5L + 3L * s.length();
        }
        if (v instanceof byte[] b) {
            return 5L + b.length;
        }
        if (depth > 64) {
            return Long.MAX_VALUE / 4;
        }
        long sum = 9;
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sum += upperBound(String.valueOf(e.getKey()), depth + 1) + upperBound(e.getValue(), depth + 1);
            }
        } else if (v instanceof List<?> l) {
            for (Object o : l) {
                sum += upperBound(o, depth + 1);
            }
        }
        return sum;
    }

    /** The longest string or byte array in the value (by identity), or null when there is none. */
    private static Object longest(Object v, Object best) {
        if (v instanceof String || v instanceof byte[]) {
            return length(v) > length(best) ? v : best;
        }
        if (v instanceof Map<?, ?> m) {
            for (Object o : m.values()) {
                best = longest(o, best);
            }
        } else if (v instanceof List<?> l) {
            for (Object o : l) {
                best = longest(o, best);
            }
        }
        return best;
    }

    private static int length(Object v) {
        return v instanceof String s ? s.length() : v instanceof byte[] b ? b.length : -1;
    }

    private static Object cut(Object v, int excessBytes, String marker) {
        if (v instanceof byte[] b) {
            return java.util.Arrays.copyOf(b, Math.max(0, b.length - excessBytes));
        }
        String s = (String) v;
        java.util.regex.Matcher earlier = ANY_MARKER.matcher(s);
        String base = earlier.find() ? s.substring(0, earlier.start()) : s;
        // A char is at most 3 bytes in UTF-8 (a surrogate pair 4 for 2 chars): cutting excess/1 chars is enough
        // for ASCII and more than enough otherwise; later rounds take more if needed.
        int keep = Math.max(0, base.length() - excessBytes);
        if (keep > 0 && Character.isHighSurrogate(base.charAt(keep - 1))) {
            keep--;
        }
        return base.substring(0, keep) + marker;
    }

    /** A copy of the value with {@code target} (found by identity) replaced. */
    private static Object replace(Object v, Object target, Object with) {
        if (v == target) {
            return with;
        }
        if (v instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, o) -> out.put(k, replace(o, target, with)));
            return out;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            l.forEach(o -> out.add(replace(o, target, with)));
            return out;
        }
        return v;
    }
}
