package io.brine.protocol;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a declared input allows beyond its type: a fixed set of values ({@code choices}, optionally in any case),
 * numeric bounds, and a regular expression the whole text must match. Shared by the minion, which checks an
 * argument once it is converted to its type, and the master, which checks a job against what minions declared
 * before it publishes anything. The pattern is never sent to the master: a regular expression from a peer is
 * work (and possibly catastrophic backtracking) the master will not do on a peer's say-so; the minion checks it.
 *
 * <pre>{@code
 * AllowedValues.NONE.choices(false, List.of("md5", "sha256")).refusal("crc")
 *     // Optional["must be md5 or sha256, got 'crc'"]
 * AllowedValues.NONE.min(1.0).max(10.0).describe();   // "between 1 and 10"
 * }</pre>
 */
public record AllowedValues(List<String> choices, boolean ignoreCase, Double min, Double max, String pattern) {
    /** No constraint beyond the type. */
    public static final AllowedValues NONE = new AllowedValues(List.of(), false, null, null, null);
    /** More choices than any real enumeration; a report beyond is not checked against (see {@link #fromWire}). */
    static final int MAX_WIRE_CHOICES = 256;
    private static final int MAX_WIRE_CHOICE_LENGTH = 256;

    /**
     * @throws IllegalArgumentException for a minimum above the maximum or a pattern that does not compile
     */
    public AllowedValues {
        choices = List.copyOf(choices);
        if (min != null && max != null && min > max) {
            throw new IllegalArgumentException("minimum " + number(min) + " is above maximum " + number(max));
        }
        if (pattern != null) {
            Pattern.compile(pattern); // fails here, at declaration, rather than at the first call
        }
    }

    public AllowedValues choices(boolean anyCase, List<String> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a set of choices cannot be empty");
        }
        return new AllowedValues(values, anyCase, min, max, pattern);
    }

    public AllowedValues min(Double value) {
        return new AllowedValues(choices, ignoreCase, value, max, pattern);
    }

    public AllowedValues max(Double value) {
        return new AllowedValues(choices, ignoreCase, min, value, pattern);
    }

    public AllowedValues pattern(String regex) {
        return new AllowedValues(choices, ignoreCase, min, max, regex);
    }

    /** True when anything of the right type is allowed. */
    public boolean isNone() {
        return choices.isEmpty() && min == null && max == null && pattern == null;
    }

    /**
     * Why a value already converted to its type is not allowed ("must be md5 or sha256, got 'crc'"), or empty.
     * Each item of a list is checked; mappings and booleans are only ever checked by their type.
     */
    public Optional<String> refusal(Object value) {
        if (value instanceof List<?> list) {
            for (Object item : list) {
                Optional<String> bad = refusal(item);
                if (bad.isPresent()) {
                    return bad;
                }
            }
            return Optional.empty();
        }
        if (value == null || value instanceof Map || value instanceof Boolean) {
            return Optional.empty();
        }
        if (value instanceof Number n) {
            double d = n.doubleValue();
            boolean bounded = min != null || max != null;
            if (bounded && Double.isNaN(d) || (min != null && d < min) || (max != null && d > max)) {
                return Optional.of("must be " + bounds() + ", got " + value);
            }
        }
        String text = value.toString();
        if (!choices.isEmpty() && choices.stream().noneMatch(c -> ignoreCase ? c.equalsIgnoreCase(text)
                : c.equals(text))) {
            return Optional.of("must be " + alternatives() + ", got '" + text + "'");
        }
        if (pattern != null && !(value instanceof Number) && !Pattern.compile(pattern).matcher(text).matches()) {
            return Optional.of("must match " + pattern + ", got '" + text + "'");
        }
        return Optional.empty();
    }

    /** "md5 or sha256 (in any case); between 1 and 10; matching [fdl]+", or empty text for {@link #NONE}. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!choices.isEmpty()) {
            parts.add(alternatives());
        }
        if (min != null || max != null) {
            parts.add(bounds());
        }
        if (pattern != null) {
            parts.add("matching " + pattern);
        }
        return String.join("; ", parts);
    }

    private String alternatives() {
        String list = choices.size() == 1 ? choices.get(0)
                : String.join(", ", choices.subList(0, choices.size() - 1)) + " or " + choices.get(choices.size() - 1);
        return ignoreCase ? list + " (in any case)" : list;
    }

    private String bounds() {
        if (min != null && max != null) {
            return "between " + number(min) + " and " + number(max);
        }
        return min != null ? "at least " + number(min) : "at most " + number(max);
    }

    private static String number(double d) {
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    /**
     * The entries added to a declared input on the wire: {@code choices}, {@code ignore_case}, {@code min},
     * {@code max}, each only when set (never the pattern, see above). Older masters ignore them.
     */
    public Map<String, Object> toWire() {
        Map<String, Object> out = new LinkedHashMap<>();
        if (!choices.isEmpty()) {
            out.put("choices", choices);
            out.put("ignore_case", ignoreCase);
        }
        if (min != null) {
            out.put("min", min);
        }
        if (max != null) {
            out.put("max", max);
        }
        return out;
    }

    /**
     * Reads the entries of {@link #toWire()} from a declared input. What is absent, malformed or beyond the
     * bounds is {@link #NONE} for that part: the master then does not check it, and the minion's own check applies.
     */
    public static AllowedValues fromWire(Map<?, ?> input) {
        AllowedValues out = NONE;
        if (input.get("choices") instanceof List<?> list && !list.isEmpty() && list.size() <= MAX_WIRE_CHOICES
                && list.stream().allMatch(c -> c instanceof String s && s.length() <= MAX_WIRE_CHOICE_LENGTH)) {
            out = out.choices(Boolean.TRUE.equals(input.get("ignore_case")), list.stream().map(String.class::cast)
                    .toList());
        }
        Double min = input.get("min") instanceof Number n ? n.doubleValue() : null;
        Double max = input.get("max") instanceof Number n ? n.doubleValue() : null;
        if (min != null && max != null && min > max) {
            return out;
        }
        return out.min(min).max(max);
    }
}
