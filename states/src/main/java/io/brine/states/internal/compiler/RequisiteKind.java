package io.brine.states.internal.compiler;

import java.util.Locale;
import java.util.Optional;

/** The requisites Salt defines; each also has an {@code _in} form declared on the other side. */
public enum RequisiteKind {
  REQUIRE, WATCH, ONCHANGES, ONFAIL, PREREQ;

  public String keyword() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code require} or {@code require_in}; the boolean part is told by {@link #isInverse}. */
  static Optional<RequisiteKind> parse(String arg) {
    String base = isInverse(arg) ? arg.substring(0, arg.length() - 3) : arg;
    for (RequisiteKind kind : values()) {
      if (kind.keyword().equals(base)) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }

  static boolean isInverse(String arg) {
    return arg.endsWith("_in");
  }
}
