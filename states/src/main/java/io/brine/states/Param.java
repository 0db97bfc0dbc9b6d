package io.brine.states;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A declared argument of a state function: its name, type, whether it is required, and its default.
 *
 * <pre>{@code
 * List.of(Param.optional("mode", Param.Type.STRING, null, "octal permissions, e.g. \"0644\""),
 *         Param.required("target", Param.Type.STRING, "what the link points to"));
 * }</pre>
 */
public record Param(String name, Type type, boolean required, Object defaultValue, String doc) {
  /** The shapes an argument value can take. Coercion is deliberately narrow and documented here. */
  public enum Type {
    /** A scalar, kept as its source text so {@code 0644} and {@code 1.10} survive YAML. */
    STRING,
    /** true/false (also the strings "true"/"false"). */
    BOOLEAN,
    /** A whole number (also its decimal string). */
    INTEGER,
    /** A list of scalars; a single scalar is taken as a one-element list. */
    STRING_LIST,
    /** Any list. */
    LIST,
    /** A mapping. */
    MAP,
    /** Anything; the function checks it. */
    ANY
  }

  public Param {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type of " + name);
    if (required && defaultValue != null) {
      throw new IllegalArgumentException("required parameter '" + name + "' cannot have a default");
    }
    doc = doc == null ? "" : doc;
  }

  public static Param required(String name, Type type, String doc) {
    return new Param(name, type, true, null, doc);
  }

  public static Param optional(String name, Type type, Object defaultValue, String doc) {
    return new Param(name, type, false, defaultValue, doc);
  }

  /** Converts a value from a state file to this parameter's type, or throws naming the problem. */
  public Object coerce(Object value) {
    if (value == null) {
      return null;
    }
    return switch (type) {
      case STRING -> scalar(value);
      case BOOLEAN -> bool(value);
      case INTEGER -> integer(value);
      case STRING_LIST -> stringList(value);
      case LIST -> {
        if (!(value instanceof List<?> list)) {
          throw mismatch(value, "a list");
        }
        yield List.copyOf(new ArrayList<>(list));
      }
      case MAP -> {
        if (!(value instanceof Map<?, ?> map)) {
          throw mismatch(value, "a mapping");
        }
        yield new LinkedHashMap<>(map);
      }
      case ANY -> value;
    };
  }

  private String scalar(Object value) {
    if (value instanceof String || value instanceof Number || value instanceof Boolean) {
      return String.valueOf(value);
    }
    throw mismatch(value, "a string");
  }

  private Boolean bool(Object value) {
    if (value instanceof Boolean b) {
      return b;
    }
    if (value instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
      return Boolean.parseBoolean(s);
    }
    throw mismatch(value, "true or false");
  }

  private Long integer(Object value) {
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return ((Number) value).longValue();
    }
    if (value instanceof String s && s.matches("-?\\d+")) {
      return Long.parseLong(s);
    }
    throw mismatch(value, "a whole number");
  }

  private List<String> stringList(Object value) {
    if (!(value instanceof List<?> list)) {
      return List.of(scalar(value));
    }
    List<String> out = new ArrayList<>();
    for (Object item : list) {
      out.add(scalar(item));
    }
    return List.copyOf(out);
  }

  private IllegalArgumentException mismatch(Object value, String expected) {
    String shape = value instanceof Map ? "a mapping" : value instanceof List ? "a list" : "'" + value + "'";
    return new IllegalArgumentException("argument '" + name + "' must be " + expected + ", got " + shape);
  }
}
