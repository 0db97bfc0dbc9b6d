package io.brine.master;

import java.util.Collection;
import java.util.Map;

/**
 * A quick upper estimate of the memory a wire value takes (strings at two bytes a character, a fixed overhead per
 * value), for bounds counted in bytes: cheap enough to take for every record, close enough to bound a queue by.
 * Example: {@code ApproximateSize.of(List.of("abc", 1L))} is a few dozen bytes.
 */
final class ApproximateSize {
    /** Object header, reference and boxing, roughly. */
    static final long PER_VALUE = 16;

    private ApproximateSize() {
    }

    static long of(Object value) {
        if (value instanceof CharSequence s) {
            return PER_VALUE + 2L * s.length();
        }
        if (value instanceof byte[] b) {
            return PER_VALUE + b.length;
        }
        if (value instanceof Collection<?> c) {
            long sum = PER_VALUE;
            for (Object o : c) {
                sum += of(o);
            }
            return sum;
        }
        if (value instanceof Map<?, ?> m) {
            long sum = PER_VALUE;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sum += of(e.getKey()) + of(e.getValue());
            }
            return sum;
        }
        return PER_VALUE;
    }
}
