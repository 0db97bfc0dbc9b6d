package io.brine.targeting;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Compiles one term (a span of the expression) into a matcher: globs and regexes are compiled here, once, so
 * that matching never compiles anything. Faults are reported at their position in the whole expression.
 */
final class TermParser {
    /** Grain and pillar values compare case-insensitively, as Salt lowercases both sides. */
    private static final int FACT_FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

    private final String expression;
    private final Nodegroups nodegroups;

    TermParser(String expression, Nodegroups nodegroups) {
        this.expression = expression;
        this.nodegroups = nodegroups;
    }

    /** A word of a compound expression: a prefixed term such as {@code G@os:Debian}, or a bare id glob. */
    TargetExpression compoundTerm(String word, int position) {
        boolean prefixed = word.length() >= 2 && word.charAt(1) == '@' && isAsciiLetter(word.charAt(0));
        if (!prefixed) {
            return term(TermKind.GLOB, position, position + word.length());
        }
        TermKind kind = TermKind.forPrefix(word.charAt(0));
        if (kind == null) {
            throw fault(position, "unknown prefix '" + word.substring(0, 2) + "'", "use " + TermKind.PREFIXES);
        }
        if (word.length() == 2) {
            throw fault(position, "nothing after '" + word + "'");
        }
        return term(kind, position + 2, position + word.length());
    }

    /** The span [start, end) of the expression read as a term of the given kind. */
    TargetExpression term(TermKind kind, int start, int end) {
        String body = expression.substring(start, end);
        int dangling = Escapes.danglingEscape(body);
        if (dangling >= 0) { // also for regexes, where java.util.regex would call it an "internal error"
            throw fault(start + dangling, "nothing to escape after '\\'");
        }
        return switch (kind) {
            case GLOB, PCRE -> new IdTerm(kind, body, compile(kind, body, start));
            case LIST -> new IdTerm(kind, body, idList(body, start));
            case GRAIN, GRAIN_PCRE, PILLAR, PILLAR_PCRE -> fact(kind, body, start);
            case IPCIDR -> subnet(body, start);
            case NODEGROUP -> nodegroups.expand(Escapes.unescape(body), expression, start);
        };
    }

    private Predicate<String> idList(String body, int start) {
        Set<String> ids = new HashSet<>();
        for (String item : Escapes.split(body, ',')) {
            String id = Escapes.unescape(item).strip();
            if (!id.isEmpty()) {
                ids.add(id);
            }
        }
        if (ids.isEmpty()) {
            throw fault(start, "empty list of ids");
        }
        return Set.copyOf(ids)::contains;
    }

    /**
     * Salt tries every ':' as the separator of key path and value, so both {@code G@ip_interfaces:eth0:10.*}
     * and {@code G@ipv6:fe80::1} work. The first split (value after the first ':') must compile; a later one
     * that does not, or that has an empty key, can never match and is left out.
     */
    private TargetExpression fact(TermKind kind, String body, int start) {
        List<Integer> colons = Escapes.positions(body, ':');
        if (colons.isEmpty()) {
            throw fault(start, "expected key:value in " + kind.typeName + " target '" + body + "'");
        }
        List<FactTerm.Candidate> candidates = new ArrayList<>();
        for (int colon : colons) {
            boolean first = candidates.isEmpty();
            List<String> keys = keyPath(body.substring(0, colon));
            if (keys == null) {
                if (first) {
                    throw fault(start, "empty key in " + kind.typeName + " target '" + body + "'");
                }
                continue;
            }
            String value = body.substring(colon + 1);
            try {
                candidates.add(new FactTerm.Candidate(keys, valuePattern(kind, value)));
            } catch (PatternSyntaxException e) {
                if (first) {
                    throw invalid(kind, e, start + colon + 1);
                }
            }
        }
        return new FactTerm(kind, body, List.copyOf(candidates));
    }

    private static List<String> keyPath(String text) {
        List<String> keys = new ArrayList<>();
        for (String part : Escapes.split(text, ':')) {
            if (part.isEmpty()) {
                return null;
            }
            keys.add(Escapes.unescape(part));
        }
        return List.copyOf(keys);
    }

    private static ValuePattern valuePattern(TermKind kind, String value) {
        if (kind.isRegex()) {
            return new ValuePattern(value, BoundedRegex.of(Pattern.compile(value, FACT_FLAGS)), value.equals(".*"));
        }
        return new ValuePattern(Escapes.unescape(value), Glob.compile(value, true), value.equals("*"));
    }

    private SubnetTerm subnet(String body, int start) {
        try {
            return new SubnetTerm(body, Cidr.parse(body));
        } catch (IllegalArgumentException e) {
            throw fault(start, "invalid subnet '" + body + "'", e.getMessage());
        }
    }

    /** Compiles the id glob or regex that starts at {@code start}; ids are case-sensitive. */
    private Predicate<String> compile(TermKind kind, String text, int start) {
        try {
            return kind.isRegex() ? BoundedRegex.of(Pattern.compile(text)) : Glob.compile(text, false);
        } catch (PatternSyntaxException e) {
            throw invalid(kind, e, start);
        }
    }

    private TargetSyntaxException invalid(TermKind kind, PatternSyntaxException e, int start) {
        if (!kind.isRegex()) {
            // The index refers to the translated regex, not to the glob, so point at the glob itself.
            return fault(start, "invalid glob", e.getDescription());
        }
        int index = Math.max(0, Math.min(e.getIndex(), e.getPattern().length()));
        return fault(start + index, "invalid regular expression", e.getDescription());
    }

    private TargetSyntaxException fault(int position, String what) {
        return TargetSyntaxException.at(expression, position, what);
    }

    private TargetSyntaxException fault(int position, String what, String detail) {
        return TargetSyntaxException.at(expression, position, what, detail);
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
}
