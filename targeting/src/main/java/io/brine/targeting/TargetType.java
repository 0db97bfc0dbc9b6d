package io.brine.targeting;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a target expression is read: Salt's {@code tgt_type} names, one constant each. The name is what the CLI's
 * flags, the REST API's {@code tgt_type}, reactor rules, the wire and the job cache carry; everything between
 * holds the constant.
 *
 * <pre>{@code
 * TargetType.parse("grain_pcre");   // GRAIN_PCRE
 * TargetType.COMPOUND.wireName();   // "compound"
 * TargetType.parse("regex");        // IllegalArgumentException: unknown target type 'regex'; use glob, ...
 * }</pre>
 */
public enum TargetType {
    GLOB("glob"),
    LIST("list"),
    PCRE("pcre"),
    GRAIN("grain"),
    GRAIN_PCRE("grain_pcre"),
    PILLAR("pillar"),
    PILLAR_PCRE("pillar_pcre"),
    IPCIDR("ipcidr"),
    NODEGROUP("nodegroup"),
    COMPOUND("compound");

    private final String wireName;

    TargetType(String wireName) {
        this.wireName = wireName;
    }

    /** Salt's name for this type, as written on the wire, in the job cache and in {@code tgt_type}. */
    public String wireName() {
        return wireName;
    }

    /**
     * The type a {@code tgt_type} name stands for, case-insensitively; {@link #GLOB} for null.
     *
     * @throws IllegalArgumentException naming the unknown type and listing the known ones
     */
    public static TargetType parse(String name) {
        if (name == null) {
            return GLOB;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        for (TargetType t : values()) {
            if (t.wireName.equals(lower)) {
                return t;
            }
        }
        // A wrong type is a caller's mistake (a flag or an API field), not a fault inside the expression.
        throw new IllegalArgumentException("unknown target type '" + name + "'; use " + names());
    }

    private static String names() {
        String all = Arrays.stream(values()).map(TargetType::wireName).collect(Collectors.joining(", "));
        int last = all.lastIndexOf(", ");
        return all.substring(0, last) + " or " + all.substring(last + 2);
    }
}
