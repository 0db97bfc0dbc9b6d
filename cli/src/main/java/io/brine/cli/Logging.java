package io.brine.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * One-line log records on stderr. Daemons log at info; client commands only warnings, to keep output clean.
 * Brine's own records go through {@link LineLoggerFinder}; java.util.logging is set up the same way only if a
 * library uses it (it is not even loaded otherwise).
 */
final class Logging {
    private Logging() {
    }

    static void configure(String level) {
        try {
            LineLoggerFinder.threshold = LineLoggerFinder.level(level);
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
        // read by java.util.logging's LogManager when (if ever) something first uses it
        System.setProperty("java.util.logging.config.class", JulSetup.class.getName());
    }

    /** The names the records have always carried (java.util.logging's), so that log scrapers keep working. */
    static String levelName(System.Logger.Level level) {
        return switch (level) {
            case ERROR -> "SEVERE";
            case DEBUG -> "FINE";
            case TRACE -> "FINER";
            default -> level.name();
        };
    }

    /**
     * Configures java.util.logging like Brine's own records, for libraries that log through it (the job cache's
     * SQLite driver, via SLF4J). LogManager instantiates it by name, through the property set by
     * {@link #configure}.
     */
    public static final class JulSetup {
        public JulSetup() {
            Level l = switch (LineLoggerFinder.threshold) {
                case ERROR -> Level.SEVERE;
                case WARNING -> Level.WARNING;
                case DEBUG, TRACE, ALL -> Level.FINE;
                case OFF -> Level.OFF;
                default -> Level.INFO;
            };
            ConsoleHandler handler = new ConsoleHandler();
            handler.setFormatter(new LineFormat());
            handler.setLevel(l);
            Logger root = Logger.getLogger("");
            for (var h : root.getHandlers()) {
                root.removeHandler(h);
            }
            root.setLevel(l);
            root.addHandler(handler);
        }
    }

    /**
     * {@code 2026-01-31 13:05:09 INFO io.brine.minion.Minion: message}, then the stack trace of an exception.
     *
     * <p>Written out by hand: SimpleFormatter given a format formats a sample date when it is created, which
     * loads the JDK's locale data (a thousand Locale objects and their caches) into every process, whether it
     * logs or not: a few hundred KiB of a minion's memory and some 30 ms of every CLI command.
     */
    static final class LineFormat extends Formatter {
        @Override
        public String format(LogRecord r) {
            return line(r.getInstant(), r.getLevel().getName(), r.getLoggerName(), formatMessage(r), r.getThrown());
        }

        static String line(Instant at, String level, String logger, String message, Throwable thrown) {
            LocalDateTime t = LocalDateTime.ofInstant(at, ZoneId.systemDefault());
            StringBuilder b = new StringBuilder(128).append(t.getYear());
            pad(b.append('-'), t.getMonthValue());
            pad(b.append('-'), t.getDayOfMonth());
            pad(b.append(' '), t.getHour());
            pad(b.append(':'), t.getMinute());
            pad(b.append(':'), t.getSecond());
            b.append(' ').append(level).append(' ').append(logger).append(": ").append(message);
            if (thrown != null) {
                StringWriter trace = new StringWriter();
                thrown.printStackTrace(new PrintWriter(trace));
                b.append(System.lineSeparator()).append(trace);
            }
            return b.append(System.lineSeparator()).toString();
        }

        private static void pad(StringBuilder b, int twoDigits) {
            b.append(twoDigits < 10 ? "0" : "").append(twoDigits);
        }
    }
}
