package io.brine.logging;

import ch.qos.logback.classic.Level;

/**
 * The level names Brine's records have always carried (java.util.logging's: SEVERE, WARNING, INFO, FINE), so
 * that log scrapers written against earlier versions keep working; and the mapping from the JDK's levels, in
 * which Brine's code logs, to Logback's.
 */
final class LevelNames {
    private LevelNames() {
    }

    static String of(Level level) {
        return switch (level.toInt()) {
            case Level.ERROR_INT -> "SEVERE";
            case Level.WARN_INT -> "WARNING";
            case Level.DEBUG_INT -> "FINE";
            case Level.TRACE_INT -> "FINER";
            default -> level.toString();
        };
    }

    static Level logback(System.Logger.Level level) {
        return switch (level) {
            case ALL -> Level.ALL;
            case TRACE -> Level.TRACE;
            case DEBUG -> Level.DEBUG;
            case INFO -> Level.INFO;
            case WARNING -> Level.WARN;
            case ERROR -> Level.ERROR;
            case OFF -> Level.OFF;
        };
    }
}
