package io.brine.minion.schedule;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * How long each run of an entry is put off, at random, so that many minions given one schedule do not all run at
 * once: a whole number of seconds from {@code min} to {@code max}, both included, drawn afresh for every run.
 *
 * <p>Salt's two forms ({@code salt/utils/schedule.py}, {@code _splay}): {@code splay: N} is 1 to N seconds (not 0
 * to N, whatever its docs say), {@code splay: {start: A, end: B}} is A to B. {@code splay: 0} puts nothing off.
 */
record Splay(int min, int max) {
    static final Splay NONE = new Splay(0, 0);

    Splay {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("splay must run from 0 or more up to at least its start, not "
                    + min + " to " + max);
        }
    }

    /** Salt's {@code splay: N}. */
    static Splay upTo(int seconds) {
        return seconds == 0 ? NONE : new Splay(1, seconds);
    }

    /** Seconds to put the next run off by. */
    long pick(RandomGenerator random) {
        return min == max ? min : random.nextLong(min, max + 1L);
    }

    /** Salt's shape: the number for {@code 1..N} (or 0), {@code {start, end}} otherwise. */
    Object toSalt() {
        if (min == 1 || max == 0) {
            return max;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("start", min);
        map.put("end", max);
        return map;
    }
}
