package io.brine.cli;

import java.util.Locale;
import java.util.logging.ConsoleHandler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** One-line log records on stderr. Daemons log at info; client commands only warnings, to keep output clean. */
final class Logging {
    private Logging() {
    }

    static void configure(String level) {
        System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tF %1$tT %4$s %3$s: %5$s%6$s%n");
        LogManager.getLogManager().reset();
        Level l = switch (level.toLowerCase(Locale.ROOT)) {
            case "error" -> Level.SEVERE;
            case "warning", "warn" -> Level.WARNING;
            case "debug" -> Level.FINE;
            case "info" -> Level.INFO;
            default -> throw CliException.usage("unknown log level '" + level + "'; use error, warning, info or debug");
        };
        ConsoleHandler handler = new ConsoleHandler();
        handler.setFormatter(new SimpleFormatter());
        handler.setLevel(l);
        Logger root = Logger.getLogger("");
        root.setLevel(l);
        root.addHandler(handler);
    }
}
