package io.brine.modules.pkgrepo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One one-line apt source, {@code deb [signed-by=/etc/apt/keyrings/x.gpg arch=amd64] http://host/debian bookworm main},
 * as sources.list(5) writes it: a disabled entry is the same line behind {@code #}, and a trailing {@code # text} is
 * its comment. Two lines are the same source when type, URI and suite agree; they are the same entry when
 * options, components, the disabled flag and the comment agree too, whatever their order and spacing.
 */
record AptSource(String type, Map<String, String> options, String uri, String dist, List<String> comps,
        boolean disabled, String comment) {

    AptSource {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        comps = List.copyOf(comps);
        comment = comment == null ? "" : comment.strip();
    }

    /** The line as a source, or empty when it is none (a plain comment, a blank line, a malformed entry). */
    static Optional<AptSource> parse(String line) {
        String rest = line.strip();
        boolean disabled = rest.startsWith("#");
        if (disabled) {
            rest = rest.replaceFirst("^#+\\s*", "");
        }
        String comment = "";
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            comment = rest.substring(hash + 1);
            rest = rest.substring(0, hash);
        }
        Map<String, String> options = new LinkedHashMap<>();
        int open = rest.indexOf('[');
        if (open >= 0) {
            int close = rest.indexOf(']', open);
            if (close < 0) {
                return Optional.empty();
            }
            for (String option : rest.substring(open + 1, close).strip().split("\\s+")) {
                int eq = option.indexOf('=');
                if (eq <= 0) {
                    return Optional.empty();
                }
                options.put(option.substring(0, eq), option.substring(eq + 1));
            }
            rest = rest.substring(0, open) + " " + rest.substring(close + 1);
        }
        String[] tokens = rest.strip().split("\\s+");
        if (tokens.length < 3 || !(tokens[0].equals("deb") || tokens[0].equals("deb-src"))) {
            return Optional.empty();
        }
        List<String> comps = List.of(tokens).subList(3, tokens.length);
        return Optional.of(new AptSource(tokens[0], options, tokens[1], tokens[2], comps, disabled, comment));
    }

    /** The line to write. */
    String line() {
        StringBuilder out = new StringBuilder(disabled ? "# " : "").append(type);
        if (!options.isEmpty()) {
            List<String> pairs = new ArrayList<>();
            options.forEach((k, v) -> pairs.add(k + "=" + v));
            out.append(" [").append(String.join(" ", pairs)).append(']');
        }
        out.append(' ').append(uri).append(' ').append(dist);
        comps.forEach(c -> out.append(' ').append(c));
        if (!comment.isEmpty()) {
            out.append(" # ").append(comment);
        }
        return out.toString();
    }

    /** Whether {@code other} configures the same archive and suite, however else it differs. */
    boolean sameSource(AptSource other) {
        return type.equals(other.type) && trimmedUri().equals(other.trimmedUri()) && dist.equals(other.dist);
    }

    /** Whether {@code other} is this entry in every respect that matters to apt. */
    boolean sameEntry(AptSource other) {
        return sameSource(other) && options.equals(other.options) && disabled == other.disabled
                && new LinkedHashSet<>(comps).equals(new LinkedHashSet<>(other.comps)) && comment.equals(other.comment);
    }

    AptSource withOption(String key, String value) {
        Map<String, String> changed = new LinkedHashMap<>(options);
        changed.put(key, value);
        return new AptSource(type, changed, uri, dist, comps, disabled, comment);
    }

    AptSource withDist(String newDist) {
        return new AptSource(type, options, uri, newDist, comps, disabled, comment);
    }

    AptSource withComps(List<String> newComps) {
        return new AptSource(type, options, uri, dist, newComps, disabled, comment);
    }

    AptSource withDisabled(boolean off) {
        return new AptSource(type, options, uri, dist, comps, off, comment);
    }

    AptSource withComment(String text) {
        return new AptSource(type, options, uri, dist, comps, disabled, text);
    }

    /** The keyring named by {@code signed-by}, if any. */
    Optional<String> signedBy() {
        return Optional.ofNullable(options.get("signed-by"));
    }

    private String trimmedUri() {
        return uri.replaceAll("/+$", "");
    }
}
