package io.brine.targeting;

import java.util.Collection;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Compares a grain or pillar value with the value part of a term, the way Salt does: scalars (numbers and
 * booleans too) by their string form, a list if any element matches, a map only when the pattern matches
 * anything (it tests that the key exists), and a map inside a list also when it has the literal text as key.
 *
 * @param literal the pattern text without escapes, for the key test
 * @param test the compiled glob or regex
 * @param matchesAnything whether the pattern is {@code *} (or {@code .*} for regexes)
 */
record ValuePattern(String literal, Predicate<String> test, boolean matchesAnything) {

    boolean matches(Object value) {
        if (value == null) {
            return false;
        }
        if (value instanceof Map<?, ?>) {
            return matchesAnything;
        }
        if (value instanceof Collection<?> elements) {
            for (Object element : elements) {
                if (element instanceof Map<?, ?> map ? matchesAnything || map.containsKey(literal) : matches(element)) {
                    return true;
                }
            }
            return false;
        }
        return test.test(value.toString());
    }
}
