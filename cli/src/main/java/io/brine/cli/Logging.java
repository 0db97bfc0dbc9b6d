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
            // Jetty (the API) announces each component it starts at INFO; its warnings are what an operator needs.
            if (l == Level.INFO) {
                JETTY.setLevel(Level.WARNING);
            }
        }

        /** Held, so the level set on it is not lost with a collected logger. */
        private static final Logger JETTY = Logger.getLogger("org.eclipse.jetty");
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

        /**
         * One record: its first line starts at column 0 and is the only one that does. Values in messages often
         * came from the wire (a pushed path, a minion id, an event tag), and a newline in one once wrote a forged
         * record into the master's log; so control characters in the message are escaped ({@code \\n}), and the
         * lines of a stack trace, whose messages may carry the same values, are escaped and indented.
         */
        static String line(Instant at, String level, String logger, String message, Throwable thrown) {
            LocalDateTime t = LocalDateTime.ofInstant(at, ZoneId.systemDefault());
            StringBuilder b = new StringBuilder(128).append(t.getYear());
            pad(b.append('-'), t.getMonthValue());
            pad(b.append('-'), t.getDayOfMonth());
            pad(b.append(' '), t.getHour());
            pad(b.append(':'), t.getMinute());
            pad(b.append(':'), t.getSecond());
            b.append(' ').append(level).append(' ').append(logger).append(": ");
            escape(b, message);
            if (thrown != null) {
                StringWriter trace = new StringWriter();
                thrown.printStackTrace(new PrintWriter(trace));
                for (String traceLine : trace.toString().split("\\R")) {
                    b.append(System.lineSeparator());
                    if (traceLine.isEmpty() || !Character.isWhitespace(traceLine.charAt(0))) {
                        b.append('\t');
                    }
                    escape(b, traceLine);
                }
            }
            return b.append(System.lineSeparator()).toString();
        }

        /** Appends {@code s} with line breaks and other control characters written as escapes. */
        static void escape(StringBuilder b, String s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '\n' -> b.append("\\n");
                    case '\r' -> b.append("\\r");
                    case '\t' -> b.append('\t');
                    default -> {
                        if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029') {
                            String hex = Integer.toHexString(c); // not String.format: it loads locale data
                            b.append("\\u").append("0000", hex.length(), 4).append(hex);
                        } else {
                            b.append(c);
                        }
                    }
                }
            }
        }

        private static void pad(StringBuilder b, int twoDigits) {
            b.append(twoDigits < 10 ? "0" : "").append(twoDigits);
        }
    }
}
