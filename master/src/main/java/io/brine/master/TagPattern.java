package io.brine.master;

import java.util.Objects;

/**
 * An event tag glob: {@code *} matches any run of characters within one '/'-separated segment, {@code **} any run
 * across segments, {@code ?} one character other than '/'; everything else is literal. So
 * {@code brine/minion/*}{@code /start} matches the master's start event of every minion and never an event a minion
 * posted ({@code brine/minion/ID/event/start}), and {@code brine/job/**} covers every job event.
 *
 * <p>Matching runs the pattern as a small automaton over the tag, one pass, so its cost is at most the tag's length
 * times the pattern's: a pattern of many stars cannot make a subscriber (an API client, say) stall the bus the way
 * a backtracking regular expression did.
 */
final class TagPattern {
    /** Longer than any sensible pattern; bounds the per-event cost of one subscription. */
    static final int MAX_LENGTH = 512;

    private enum Kind { LITERAL, ONE, STAR, GLOBSTAR }

    private final Kind[] kinds;
    private final char[] literals;

    private TagPattern(Kind[] kinds, char[] literals) {
        this.kinds = kinds;
        this.literals = literals;
    }

    /** Compiles a glob; null or empty means every tag. */
    static TagPattern compile(String glob) {
        String g = glob == null || glob.isEmpty() ? "**" : glob;
        if (g.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("tag pattern is " + g.length() + " characters; at most " + MAX_LENGTH);
        }
        Kind[] kinds = new Kind[g.length()];
        char[] literals = new char[g.length()];
        int n = 0;
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            if (c == '*') {
                boolean globstar = i + 1 < g.length() && g.charAt(i + 1) == '*';
                while (i + 1 < g.length() && g.charAt(i + 1) == '*') {
                    i++; // a run of stars is one star, or one globstar
                }
                kinds[n++] = globstar ? Kind.GLOBSTAR : Kind.STAR;
            } else {
                literals[n] = c;
                kinds[n++] = c == '?' ? Kind.ONE : Kind.LITERAL;
            }
        }
        return new TagPattern(java.util.Arrays.copyOf(kinds, n), java.util.Arrays.copyOf(literals, n));
    }

    boolean matches(String tag) {
        return run(Objects.requireNonNull(tag, "tag"), new long[1]);
    }

    /** The number of automaton steps matching {@code tag} takes: for tests of the cost bound. */
    long steps(String tag) {
        long[] steps = new long[1];
        run(tag, steps);
        return steps[0];
    }

    /**
     * Simulates the automaton whose state i means "the first i pattern tokens matched what was read". Stars keep
     * their state on a character they accept; every state with a star in front may also skip it.
     */
    private boolean run(String tag, long[] steps) {
        int states = kinds.length + 1;
        boolean[] active = new boolean[states];
        boolean[] next = new boolean[states];
        active[0] = true;
        closeOverStars(active, steps);
        for (int t = 0; t < tag.length(); t++) {
            char c = tag.charAt(t);
            java.util.Arrays.fill(next, false);
            boolean any = false;
            for (int i = 0; i < kinds.length; i++) {
                steps[0]++;
                if (!active[i]) {
                    continue;
                }
                switch (kinds[i]) {
                    case LITERAL -> any |= next[i + 1] |= literals[i] == c;
                    case ONE -> any |= next[i + 1] |= c != '/';
                    case STAR -> any |= next[i] |= c != '/';
                    case GLOBSTAR -> any = next[i] = true;
                }
            }
            if (!any) {
                return false;
            }
            boolean[] swap = active;
            active = next;
            next = swap;
            closeOverStars(active, steps);
        }
        return active[kinds.length];
    }

    private void closeOverStars(boolean[] active, long[] steps) {
        for (int i = 0; i < kinds.length; i++) {
            steps[0]++;
            if (active[i] && (kinds[i] == Kind.STAR || kinds[i] == Kind.GLOBSTAR)) {
                active[i + 1] = true;
            }
        }
    }
}
