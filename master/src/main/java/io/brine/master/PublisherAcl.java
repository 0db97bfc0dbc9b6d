package io.brine.master;

import io.brine.targeting.TargetExpression;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The master's {@code publisher_acl}, in Salt's shape: for each identity, a list whose items are a function
 * glob (any target), a mapping of one compound target to function globs, or a right such as {@code @keys}.
 * <pre>
 * publisher_acl:
 *   alice:                       # a client key made with 'brine client create alice'
 *     - 'web*': [test.*, pkg.version]
 *     - 'G@role:db': [test.ping]
 *   token:heat:                  # an API token
 *     - test.*
 *     - '@keys'
 *   token:ci:
 *     - '@tokens': [ci-*]        # may create and revoke tokens ci-..., each granted no more than token:ci
 * </pre>
 * Immutable; every target and glob is compiled when the configuration is read.
 */
public record PublisherAcl(Map<String, Grants> identities) {
    /** The rights beyond publishing that an entry can grant. */
    public static final Set<String> RIGHTS = Set.of("@keys", "@tokens", "@events", "@jobs", "@hooks", "@update",
            "@orchestrate");
    private static final String TOKENS = "@tokens";

    /**
     * What one identity may do.
     *
     * @param tokenNames the API tokens it may create and revoke ({@code '@tokens': [ci-*]}); empty when its
     *                   {@code @tokens} names none, or it has no {@code @tokens}
     */
    public record Grants(List<FunctionGrant> functions, Set<String> rights, List<FunctionGlob> tokenNames) {
        public Grants {
            functions = List.copyOf(functions);
            rights = Set.copyOf(rights);
            tokenNames = List.copyOf(tokenNames);
        }

        public Grants(List<FunctionGrant> functions, Set<String> rights) {
            this(functions, rights, List.of());
        }

        /**
         * Whether everything this grants, {@code wider} grants too: each function glob on each target, each right,
         * each token name. Decided conservatively: a glob is covered only by the same glob, by {@code *}, or by a
         * prefix glob such as {@code test.*} (when in doubt, not covered), a targeted grant only by a grant for any
         * target or for the same target expression.
         */
        boolean within(Grants wider) {
            if (!wider.rights.containsAll(rights)) {
                return false;
            }
            for (FunctionGlob name : tokenNames) {
                if (wider.tokenNames.stream().noneMatch(w -> covers(w, name))) {
                    return false;
                }
            }
            for (FunctionGrant g : functions) {
                for (FunctionGlob f : g.functions()) {
                    if (wider.functions.stream().noneMatch(w -> (w.target() == null
                            || w.targetText().equals(g.targetText()))
                            && w.functions().stream().anyMatch(wf -> covers(wf, f)))) {
                        return false;
                    }
                }
            }
            return true;
        }

        private static boolean covers(FunctionGlob wide, FunctionGlob narrow) {
            String w = wide.glob();
            if (w.equals("*") || w.equals(narrow.glob())) {
                return true;
            }
            String prefix = w.substring(0, w.length() - 1);
            return w.endsWith("*") && prefix.chars().noneMatch(c -> "*?[]{}\\".indexOf(c) >= 0)
                    && narrow.glob().startsWith(prefix);
        }
    }

    /** Functions matching one of {@code functions} on the minions {@code target} matches (any minion when null). */
    public record FunctionGrant(String targetText, TargetExpression target, List<FunctionGlob> functions) {
        public FunctionGrant {
            functions = List.copyOf(functions);
        }

        boolean allowsFunction(String function) {
            for (FunctionGlob g : functions) {
                if (g.matches(function)) {
                    return true;
                }
            }
            return false;
        }
    }

    public static final PublisherAcl NONE = new PublisherAcl(Map.of());

    public PublisherAcl {
        identities = Map.copyOf(identities);
    }

    /** What {@code name} was granted; nothing when it is not listed. */
    Grants of(String name) {
        return identities.getOrDefault(name, new Grants(List.of(), Set.of()));
    }

    /**
     * Reads the configuration's value.
     *
     * @throws IllegalArgumentException naming the identity and the entry at fault
     */
    static PublisherAcl parse(Map<String, Object> raw, Map<String, String> nodegroups) {
        Map<String, Grants> out = new LinkedHashMap<>();
        raw.forEach((name, value) -> {
            checkName(name);
            out.put(name, grants(name, value, nodegroups));
        });
        return new PublisherAcl(out);
    }

    /**
     * One entry's list: function globs, {@code TARGET: [globs]} mappings and rights, each checked.
     *
     * @throws IllegalArgumentException naming {@code name} and the item at fault
     */
    static Grants grants(String name, Object value, Map<String, String> nodegroups) {
        if (!(value instanceof List<?> items)) {
            throw new IllegalArgumentException("'" + name + "' must map to a list of functions, targets or rights");
        }
        List<FunctionGrant> functions = new ArrayList<>();
        Set<String> rights = new LinkedHashSet<>();
        List<FunctionGlob> tokenNames = new ArrayList<>();
        for (Object item : items) {
            if (item instanceof String s && s.startsWith("@")) {
                if (!RIGHTS.contains(s)) {
                    throw new IllegalArgumentException("'" + name + "': unknown right '" + s + "'; known: "
                            + String.join(", ", new java.util.TreeSet<>(RIGHTS)));
                }
                rights.add(s);
            } else if (item instanceof String s) {
                functions.add(new FunctionGrant(null, null, List.of(glob(name, s))));
            } else if (item instanceof Map<?, ?> m && m.size() == 1 && TOKENS.equals(m.keySet().iterator().next())) {
                rights.add(TOKENS);
                tokenNames.addAll(tokenNames(name, m.get(TOKENS)));
            } else if (item instanceof Map<?, ?> m && m.size() == 1) {
                Map.Entry<?, ?> e = m.entrySet().iterator().next();
                if (String.valueOf(e.getKey()).startsWith("@")) {
                    throw new IllegalArgumentException("'" + name + "': only @tokens takes a list (of the token "
                            + "names it may create and revoke); got " + e.getKey());
                }
                functions.add(grant(name, String.valueOf(e.getKey()), e.getValue(), nodegroups));
            } else {
                throw new IllegalArgumentException("'" + name + "': each entry is a function glob, a right like "
                        + "'@keys', or one 'TARGET: [FUNCTION, ...]' mapping; got " + item);
            }
        }
        return new Grants(functions, rights, tokenNames);
    }

    private static List<FunctionGlob> tokenNames(String name, Object globs) {
        if (!(globs instanceof List<?> list) || list.isEmpty()) {
            throw new IllegalArgumentException("'" + name + "': '@tokens' must map to a list of token names or globs "
                    + "(the tokens it may create and revoke), such as [ci-*]");
        }
        List<FunctionGlob> out = new ArrayList<>();
        for (Object g : list) {
            if (!(g instanceof String s)) {
                throw new IllegalArgumentException("'" + name + "': '@tokens' lists " + g + ", not a token name glob");
            }
            out.add(glob(name, s));
        }
        return out;
    }

    private static FunctionGrant grant(String name, String target, Object functions,
            Map<String, String> nodegroups) {
        TargetExpression expression;
        try {
            expression = TargetExpression.parse(target, io.brine.targeting.TargetType.COMPOUND, nodegroups);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + name + "': target '" + target + "': " + e.getMessage());
        }
        List<FunctionGlob> globs = new ArrayList<>();
        if (functions instanceof String s) {
            globs.add(glob(name, s));
        } else if (functions instanceof List<?> list && !list.isEmpty()) {
            for (Object f : list) {
                if (!(f instanceof String s)) {
                    throw new IllegalArgumentException("'" + name + "': target '" + target + "' lists " + f
                            + ", not a function glob");
                }
                globs.add(glob(name, s));
            }
        } else {
            throw new IllegalArgumentException("'" + name + "': target '" + target + "' must map to function globs");
        }
        return new FunctionGrant(target, expression, globs);
    }

    private static FunctionGlob glob(String name, String glob) {
        if (glob.isBlank() || glob.length() > 200) {
            throw new IllegalArgumentException("'" + name + "': function glob '" + glob + "' is empty or too long");
        }
        try {
            return FunctionGlob.compile(glob);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + name + "': function glob '" + glob + "' is malformed: "
                    + e.getMessage());
        }
    }

    private static void checkName(String name) {
        String bare = name.startsWith("token:") ? name.substring(6) : name;
        if (!io.brine.protocol.MinionId.isValid(bare)) {
            throw new IllegalArgumentException("'" + name + "' is not a client name or 'token:NAME'");
        }
    }
}
