package io.brine.functions;

import io.brine.protocol.AllowedValues;
import io.brine.protocol.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One declared input of an execution or state function: its name, type, whether it is required, its default,
 * a line of documentation, and what it allows beyond its type ({@link AllowedValues}: a fixed set of choices,
 * numeric bounds, a pattern). Declarations let a bad call or state be refused before anything runs, let the
 * master check a job against what minions report, and let {@code sys.doc} describe every function. The
 * constraints are added to a declaration, each returning a new one:
 *
 * <pre>{@code
 * List.of(Param.required("name", Param.Type.STRING, "the package"),
 *         Param.optional("refresh", Param.Type.BOOLEAN, false, "update the package index first"),
 *         Param.optional("form", Param.Type.STRING, "sha256", "the digest").oneOf("md5", "sha256"),
 *         Param.optional("timeout", Param.Type.INTEGER, null, "seconds").atLeast(1));
 * }</pre>
 *
 * <p>The last parameter may be a {@linkplain #collectingRest() rest}: Salt's {@code *args}, which takes the
 * positional arguments left over ({@code file.write /etc/motd line1 line2}) as well as a list by name.
 */
public record Param(String name, Type type, boolean required, Object defaultValue, String doc, AllowedValues allowed,
        boolean rest) {

    /** The shapes a value can take. Conversion is deliberately narrow and the same for both kinds of function. */
    public enum Type {
        /** A scalar as text: {@code 0644} and {@code 1.10} keep the digits they were written with. */
        STRING,
        /** A whole number, or its decimal text. */
        INTEGER,
        /** Any number, or its text. */
        NUMBER,
        /** true or false, or {@code yes}/{@code no}, {@code on}/{@code off}, {@code 1}/{@code 0} as text. */
        BOOLEAN,
        /** A list of scalars as text; a single scalar is a one-element list. */
        STRING_LIST,
        /** Any list. */
        LIST,
        /** A mapping. */
        MAP,
        /** Anything; the function checks it. */
        ANY;

        /** The type as declared on the wire, where a list of strings is a list. */
        public ValueType wire() {
            return this == STRING_LIST ? ValueType.LIST : ValueType.valueOf(name());
        }
    }

    /**
     * @throws IllegalArgumentException for a required parameter with a default, a constraint its type cannot
     *         have (bounds on text, choices on a mapping), or a default the constraint refuses
     */
    public Param {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type of " + name);
        doc = doc == null ? "" : doc;
        allowed = allowed == null ? AllowedValues.NONE : allowed;
        if (required && defaultValue != null) {
            throw new IllegalArgumentException("required parameter '" + name + "' cannot have a default");
        }
        boolean numeric = type == Type.INTEGER || type == Type.NUMBER || type == Type.ANY;
        if ((allowed.min() != null || allowed.max() != null) && !numeric) {
            throw new IllegalArgumentException("parameter '" + name + "' is not a number and cannot have bounds");
        }
        boolean textual = type != Type.MAP && type != Type.BOOLEAN;
        if ((!allowed.choices().isEmpty() || allowed.pattern() != null) && !textual) {
            throw new IllegalArgumentException("parameter '" + name + "' of type " + type
                    + " cannot have choices or a pattern");
        }
        if (rest && type != Type.STRING_LIST && type != Type.LIST) {
            throw new IllegalArgumentException("parameter '" + name + "' collects the rest and must be a list");
        }
        if (defaultValue != null && allowed.refusal(defaultValue).isPresent()) {
            throw new IllegalArgumentException("the default of parameter '" + name + "' "
                    + allowed.refusal(defaultValue).get());
        }
    }

    /** A parameter that allows anything of its type. */
    public Param(String name, Type type, boolean required, Object defaultValue, String doc) {
        this(name, type, required, defaultValue, doc, AllowedValues.NONE, false);
    }

    public static Param required(String name, Type type, String doc) {
        return new Param(name, type, true, null, doc);
    }

    public static Param optional(String name, Type type, Object defaultValue, String doc) {
        return new Param(name, type, false, defaultValue, doc);
    }

    /** This parameter allowing only {@code choices}, exactly as written. */
    public Param oneOf(String... choices) {
        return with(allowed.choices(false, Arrays.asList(choices)));
    }

    /** This parameter allowing only {@code choices}, in any case ({@code SHA256} as {@code sha256}). */
    public Param oneOfIgnoringCase(String... choices) {
        return with(allowed.choices(true, Arrays.asList(choices)));
    }

    /** This numeric parameter allowing nothing below {@code min}. */
    public Param atLeast(double min) {
        return with(allowed.min(min));
    }

    /** This numeric parameter allowing nothing above {@code max}. */
    public Param atMost(double max) {
        return with(allowed.max(max));
    }

    /** This numeric parameter allowing {@code min} to {@code max}, both included. */
    public Param between(double min, double max) {
        return with(allowed.min(min).max(max));
    }

    /** This parameter allowing only text the regular expression {@code regex} matches whole. */
    public Param matching(String regex) {
        return with(allowed.pattern(regex));
    }

    /**
     * This list parameter taking, as Salt's {@code *args}, every positional argument after those before it; it
     * must be the last one declared ({@link Arguments#bind} checks). A list given by name is taken as well.
     */
    public Param collectingRest() {
        return new Param(name, type, required, defaultValue, doc, allowed, true);
    }

    private Param with(AllowedValues constraint) {
        return new Param(name, type, required, defaultValue, doc, constraint, rest);
    }

    /**
     * {@code value} as this parameter's type, checked against what the parameter allows.
     *
     * @throws IllegalArgumentException naming the argument, the value and what it should have been
     */
    public Object coerce(Object value) {
        Object converted = convert(value);
        allowed.refusal(converted).ifPresent(why -> {
            throw new IllegalArgumentException("argument '" + name + "' " + why);
        });
        return converted;
    }

    private Object convert(Object value) {
        if (value == null) {
            return null;
        }
        switch (type) {
            case STRING_LIST:
                if (!(value instanceof List<?> list)) {
                    return List.of(scalar(value));
                }
                List<String> out = new ArrayList<>();
                for (Object item : list) {
                    out.add(scalar(item));
                }
                return List.copyOf(out);
            case LIST:
                if (!(value instanceof List<?> list)) {
                    throw mismatch(value, "a list");
                }
                return java.util.Collections.unmodifiableList(new ArrayList<>(list)); // items may be null
            case MAP:
                if (!(value instanceof Map<?, ?> map)) {
                    throw mismatch(value, "a mapping");
                }
                return new LinkedHashMap<>(map);
            default:
                try {
                    return type.wire().convert(value);
                } catch (IllegalArgumentException e) {
                    throw mismatch(value, type.wire().describe());
                }
        }
    }

    private String scalar(Object value) {
        if (value instanceof String || value instanceof Number || value instanceof Boolean) {
            return String.valueOf(value);
        }
        throw mismatch(value, "a string");
    }

    private IllegalArgumentException mismatch(Object value, String expected) {
        String shape = value instanceof Map ? "a mapping" : value instanceof List ? "a list" : "'" + value + "'";
        return new IllegalArgumentException("argument '" + name + "' must be " + expected + ", got " + shape);
    }
}
