package io.brine.master;

import java.util.regex.Pattern;

/**
 * Event tag globs: {@code *} matches any run of characters, '/' included (so {@code brine/job/*} covers
 * every job event), {@code ?} one character; everything else is literal.
 */
final class TagPattern {
    private TagPattern() {
    }

    static Pattern compile(String glob) {
        String g = glob == null || glob.isEmpty() ? "*" : glob;
        StringBuilder re = new StringBuilder();
        for (char c : g.toCharArray()) {
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString());
    }
}
