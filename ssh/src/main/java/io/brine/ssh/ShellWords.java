package io.brine.ssh;

/**
 * Quotes a word for a POSIX shell on the target, so that it arrives as one literal argument whatever it holds
 * ({@code ;}, {@code $(...)}, quotes, newlines): in single quotes, each single quote written as {@code '\''}.
 */
final class ShellWords {
    private ShellWords() {
    }

    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
