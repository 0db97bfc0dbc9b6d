package io.brine.minion.function;

import java.util.Objects;

/**
 * One declared input of a function: its name, type, whether it is required and its default. Declarations let
 * the minion reject a bad call before running anything, and let {@code sys.doc} describe the function.
 */
public record Param(String name, Type type, boolean required, Object defaultValue, String doc) {

    /** The value types a parameter can take; arguments from the command line are converted to them. */
    public enum Type { STRING, INTEGER, NUMBER, BOOLEAN, LIST, MAP, ANY }

    public Param {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(doc, "doc");
        if (required && defaultValue != null) {
            throw new IllegalArgumentException("required parameter " + name + " cannot have a default");
        }
    }

    public static Param required(String name, Type type, String doc) {
        return new Param(name, type, true, null, doc);
    }

    public static Param optional(String name, Type type, Object defaultValue, String doc) {
        return new Param(name, type, false, defaultValue, doc);
    }
}
