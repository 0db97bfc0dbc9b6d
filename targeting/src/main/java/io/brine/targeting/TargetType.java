package io.brine.targeting;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a target expression is read: Salt's {@code tgt_type} names, one constant each. The name is what the CLI's
 * flags, the REST API's {@code tgt_type}, reactor rules and the job cache carry, parsed once where a person wrote
 * it; a request on the wire carries the constant's {@link #code()}; everything between holds the constant.
 *
 * <pre>{@code
 * TargetType.parse("grain_pcre");   // GRAIN_PCRE
 * TargetType.COMPOUND.wireName();   // "compound"
 * TargetType.ofCode(9);             // COMPOUND, as a request on the wire carries it
 * TargetType.parse("regex");        // IllegalArgumentException: unknown target type 'regex'; use glob, ...
 * }</pre>
 */
public enum TargetType {
    GLOB("glob", 0),
    LIST("list", 1),
    PCRE("pcre", 2),
    GRAIN("grain", 3),
    GRAIN_PCRE("grain_pcre", 4),
    PILLAR("pillar", 5),
    PILLAR_PCRE("pillar_pcre", 6),
    IPCIDR("ipcidr", 7),
    NODEGROUP("nodegroup", 8),
    COMPOUND("compound", 9);

    private final String wireName;
    private final int code;

    TargetType(String wireName, int code) {
        this.wireName = wireName;
        this.code = code;
    }

    /**
     * The number a request carries on the wire for this type, read back with {@link #ofCode}: fixed per type (a new
     * type takes the next number), so both ends agree whatever order the constants are declared in.
     */
    public int code() {
        return code;
    }

    /**
     * The type a request's code stands for: a request is checked on arrival, once, against the closed set.
     *
     * @throws IllegalArgumentException for a code no type has
     */
    public static TargetType ofCode(int code) {
        for (TargetType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown target type code " + code + "; the types are 0 (glob) to "
                + (values().length - 1) + " (" + values()[values().length - 1].wireName + ")");
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
