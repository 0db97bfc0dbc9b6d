package io.brine.functions;

import io.brine.protocol.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One declared input of an execution or state function: its name, type, whether it is required, its default
 * and a line of documentation. Declarations let a bad call or state be refused before anything runs, let the
 * master check a job against what minions report, and let {@code sys.doc} describe every function.
 *
 * <pre>{@code
 * List.of(Param.required("name", Param.Type.STRING, "the package"),
 *         Param.optional("refresh", Param.Type.BOOLEAN, false, "update the package index first"));
 * }</pre>
 */
public record Param(String name, Type type, boolean required, Object defaultValue, String doc) {

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

    public Param {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type of " + name);
        doc = doc == null ? "" : doc;
        if (required && defaultValue != null) {
            throw new IllegalArgumentException("required parameter '" + name + "' cannot have a default");
        }
    }

    public static Param required(String name, Type type, String doc) {
        return new Param(name, type, true, null, doc);
    }

    public static Param optional(String name, Type type, Object defaultValue, String doc) {
        return new Param(name, type, false, defaultValue, doc);
    }

    /**
     * {@code value} as this parameter's type.
     *
     * @throws IllegalArgumentException naming the argument and what it should have been
     */
    public Object coerce(Object value) {
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
