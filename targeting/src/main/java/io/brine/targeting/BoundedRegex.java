package io.brine.targeting;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A regex match that gives up: the value is read through a {@link CharSequence} that counts its reads, and a
 * match that needs more than {@link #READS_PER_CHAR} reads per character (plus a floor) counts as no match. A
 * target is a caller's input and a grain value may be a megabyte: {@code (a|aa)*b} or the glob {@code *a*a*a*a*b}
 * would otherwise backtrack for hours on one worker of the master. Linear patterns read each character a few
 * times and never come near the bound. A pattern deep enough to overflow the stack gives up the same way.
 */
final class BoundedRegex implements Predicate<String> {
    static final int READS_PER_CHAR = 256;
    static final int FLOOR = 100_000;

    private final Pattern pattern;

    private BoundedRegex(Pattern pattern) {
        this.pattern = pattern;
    }

    static Predicate<String> of(Pattern pattern) {
        return new BoundedRegex(pattern);
    }

    @Override
    public boolean test(String value) {
        try {
            return pattern.matcher(new Counted(value, FLOOR + (long) READS_PER_CHAR * value.length())).matches();
        } catch (OverBudget | StackOverflowError e) {
            // java.util.regex recurses per repetition of a group: a long value overflows the stack before the
            // budget runs out, and the stack unwinds cleanly to here
            return false;
        }
    }

    @Override
    public String toString() {
        return pattern.pattern();
    }

    /** Thrown out of the regex engine when the reads run out: the only way to stop a match under way. */
    private static final class OverBudget extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OverBudget() {
            super(null, null, false, false);
        }
    }

    private static final class Counted implements CharSequence {
        private final String text;
        private long budget;

        Counted(String text, long budget) {
            this.text = text;
            this.budget = budget;
        }

        @Override
        public char charAt(int index) {
            if (--budget < 0) {
                throw new OverBudget();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.substring(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
