package io.brine.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Locale;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** One-line log records on stderr. Daemons log at info; client commands only warnings, to keep output clean. */
final class Logging {
    private Logging() {
    }

    static void configure(String level) {
        LogManager.getLogManager().reset();
        Level l = switch (level.toLowerCase(Locale.ROOT)) {
            case "error" -> Level.SEVERE;
            case "warning", "warn" -> Level.WARNING;
            case "debug" -> Level.FINE;
            case "info" -> Level.INFO;
            default -> throw CliException.usage("unknown log level '" + level + "'; use error, warning, info or debug");
        };
        ConsoleHandler handler = new ConsoleHandler();
        handler.setFormatter(new LineFormat());
        handler.setLevel(l);
        Logger root = Logger.getLogger("");
        root.setLevel(l);
        root.addHandler(handler);
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
            LocalDateTime t = LocalDateTime.ofInstant(r.getInstant(), ZoneId.systemDefault());
            StringBuilder b = new StringBuilder(128).append(t.getYear());
            pad(b.append('-'), t.getMonthValue());
            pad(b.append('-'), t.getDayOfMonth());
            pad(b.append(' '), t.getHour());
            pad(b.append(':'), t.getMinute());
            pad(b.append(':'), t.getSecond());
            b.append(' ').append(r.getLevel().getName()).append(' ').append(r.getLoggerName()).append(": ")
                    .append(formatMessage(r));
            if (r.getThrown() != null) {
                StringWriter trace = new StringWriter();
                r.getThrown().printStackTrace(new PrintWriter(trace));
                b.append(System.lineSeparator()).append(trace);
            }
            return b.append(System.lineSeparator()).toString();
        }

        private static void pad(StringBuilder b, int twoDigits) {
            b.append(twoDigits < 10 ? "0" : "").append(twoDigits);
        }
    }
}
