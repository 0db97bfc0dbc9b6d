package io.brine.modules.ssh;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One key of an authorized_keys file: {@code [options] enc key [comment]}. Two entries are the same when their
 * formatted lines are, which is how Salt decides between "exists" and "update".
 */
record AuthorizedKey(List<String> options, String enc, String key, String comment) {
    /** What a key type looks like: OpenSSH's names all start so. */
    private static final Pattern KEY_TYPE = Pattern.compile("(?:sk-)?(?:ssh-|ecds)[\\w@.-]+");

    AuthorizedKey {
        options = List.copyOf(options);
        comment = comment == null ? "" : comment.strip();
    }

    /**
     * The entry on a line of {@code [options] enc key [comment]}, or null for a comment, a blank line or anything
     * else. The key itself is not checked here (see {@link #valid()}).
     */
    static AuthorizedKey parse(String line) {
        String text = line.strip();
        if (text.isEmpty() || text.startsWith("#")) {
            return null;
        }
        int end = firstFieldEnd(text);
        List<String> options = List.of();
        String rest = text;
        // options come first when the first field is not a key type; they may hold quoted spaces and commas
        if (!KEY_TYPE.matcher(text.substring(0, end)).matches()) {
            options = splitOptions(text.substring(0, end));
            rest = text.substring(end).strip();
        }
        String[] comps = rest.split("\\s+", 3);
        if (comps.length < 2 || !KEY_TYPE.matcher(comps[0]).matches()) {
            return null;
        }
        return new AuthorizedKey(options, comps[0], comps[1], comps.length == 3 ? comps[2] : "");
    }

    boolean valid() {
        return Fingerprints.isValidKey(key);
    }

    AuthorizedKey withOptions(List<String> newOptions) {
        return new AuthorizedKey(newOptions, enc, key, comment);
    }

    String line() {
        String prefix = options.isEmpty() ? "" : String.join(",", options) + " ";
        return prefix + enc + " " + key + (comment.isEmpty() ? "" : " " + comment);
    }

    /** Where the first whitespace outside double quotes is, or the end. */
    private static int firstFieldEnd(String text) {
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\\' && quoted) {
                i++;
            } else if (!quoted && Character.isWhitespace(c)) {
                return i;
            }
        }
        return text.length();
    }

    /** {@code a,b="x,y"} as [a, b="x,y"]: commas inside quotes do not split. */
    static List<String> splitOptions(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' && !quoted) {
                out.add(current.toString());
                current.setLength(0);
                continue;
            }
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\\' && quoted && i + 1 < text.length()) {
                current.append(c);
                c = text.charAt(++i);
            }
            current.append(c);
        }
        out.add(current.toString());
        return out;
    }
}
