package io.brine.targeting;

import java.util.List;
import java.util.Map;

/**
 * A grain or pillar term ({@code G@ P@ I@ J@}): it matches if any of its key-path/value splits finds a
 * matching value. Unknown grains (or pillar) make it {@link Match#UNKNOWN}; a missing key is a plain mismatch.
 */
record FactTerm(TermKind kind, String text, List<Candidate> candidates) implements TargetExpression {

    /** One reading of the term: the value at {@code keys} must match {@code value}. */
    record Candidate(List<String> keys, ValuePattern value) {
    }

    @Override
    public Match match(MinionFacts facts) {
        Map<String, Object> data = kind.readsPillar() ? facts.pillar() : facts.grains();
        if (data == null) {
            return Match.UNKNOWN;
        }
        for (Candidate candidate : candidates) {
            if (candidate.value().matches(lookup(data, candidate.keys()))) {
                return Match.MATCH;
            }
        }
        return Match.NO_MATCH;
    }

    /** Salt's traverse_dict_and_list: the value at the key path, or null if there is none. */
    static Object lookup(Map<String, Object> data, List<String> keys) {
        Object node = data;
        for (String key : keys) {
            if (node instanceof Map<?, ?> map) {
                node = map.get(key);
            } else if (node instanceof List<?> list) {
                node = inList(list, key);
            } else {
                return null;
            }
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /** A numeric key indexes the list; any other key finds the first map in the list that holds it. */
    private static Object inList(List<?> list, String key) {
        if (!key.isEmpty() && key.length() <= 9 && key.chars().allMatch(c -> c >= '0' && c <= '9')) {
            int index = Integer.parseInt(key);
            return index < list.size() ? list.get(index) : null;
        }
        for (Object element : list) {
            if (element instanceof Map<?, ?> map && map.containsKey(key)) {
                return map.get(key);
            }
        }
        return null;
    }

    @Override
    public boolean needsGrains() {
        return !kind.readsPillar();
    }

    @Override
    public boolean needsPillar() {
        return kind.readsPillar();
    }

    @Override
    public String toString() {
        return kind.render(text);
    }
}
