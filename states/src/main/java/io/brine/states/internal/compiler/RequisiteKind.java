package io.brine.states.internal.compiler;

import java.util.Locale;
import java.util.Optional;

/**
 * The requisites Salt defines. The plain kinds also have an {@code _in} form declared on the other side; the
 * {@code _any}/{@code _all} variants change only how several targets combine, and have no {@code _in} form.
 */
public enum RequisiteKind {
    REQUIRE, REQUIRE_ANY, WATCH, WATCH_ANY, ONCHANGES, ONCHANGES_ANY, ONFAIL, ONFAIL_ANY, ONFAIL_ALL, PREREQ,
    /** Like watch, but the watch action runs once at the end of the run and imposes no order. */
    LISTEN;

    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for the kinds that must run before the state that declares them. */
    public boolean orders() {
        return this != PREREQ && this != LISTEN;
    }

    /** The family a variant belongs to: {@code REQUIRE_ANY} is a {@code REQUIRE}. */
    public RequisiteKind base() {
        return switch (this) {
            case REQUIRE_ANY -> REQUIRE;
            case WATCH_ANY -> WATCH;
            case ONCHANGES_ANY -> ONCHANGES;
            case ONFAIL_ANY, ONFAIL_ALL -> ONFAIL;
            default -> this;
        };
    }

    private boolean hasInverse() {
        return base() == this;
    }

    /** Parses {@code require} or {@code require_in}; the boolean part is told by {@link #isInverse}. */
    static Optional<RequisiteKind> parse(String arg) {
        boolean inverse = isInverse(arg);
        String base = inverse ? arg.substring(0, arg.length() - 3) : arg;
        for (RequisiteKind kind : values()) {
            if (kind.keyword().equals(base) && (!inverse || kind.hasInverse())) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    static boolean isInverse(String arg) {
        return arg.endsWith("_in");
    }
}
