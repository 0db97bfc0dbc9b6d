package io.brine.cli;

import java.text.MessageFormat;
import java.time.Instant;
import java.util.ResourceBundle;

/**
 * Where {@code System.getLogger} sends Brine's log records (and the JDK's own) in a process started by the
 * {@code brine} command: one line each on standard error, in {@link Logging.LineFormat}'s shape, at the level
 * {@link Logging#configure} set. Registered as the JDK's {@link System.LoggerFinder} service.
 *
 * <p>Without it, System.Logger goes through java.util.logging: its log manager, handlers, records and the
 * JDK's logger bridges, some fifty classes and their objects loaded into every minion only to write a line
 * now and then. A minion measured 1.5 to 2 MiB smaller without them. Libraries that log through
 * java.util.logging themselves still reach the same format through {@link Logging.JulSetup}.
 */
public final class LineLoggerFinder extends System.LoggerFinder {
    /**
     * The least severe level written: the system property {@code brine.log.level} (error, warning, info, debug;
     * for processes that start without a command, like the benchmark's swarm children), INFO without it, until a
     * command configures logging.
     */
    static volatile System.Logger.Level threshold = levelOrInfo(System.getProperty("brine.log.level"));

    /** A bad property must not cost the process its logging (a failed class initialiser would). */
    private static System.Logger.Level levelOrInfo(String name) {
        try {
            return name == null ? System.Logger.Level.INFO : level(name);
        } catch (IllegalArgumentException e) {
            return System.Logger.Level.INFO;
        }
    }

    static System.Logger.Level level(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "error" -> System.Logger.Level.ERROR;
            case "warning", "warn" -> System.Logger.Level.WARNING;
            case "debug" -> System.Logger.Level.DEBUG;
            case "info" -> System.Logger.Level.INFO;
            case "off" -> System.Logger.Level.OFF;
            default -> throw new IllegalArgumentException(
                    "unknown log level '" + name + "'; use error, warning, info, debug or off");
        };
    }

    @Override
    public System.Logger getLogger(String name, Module module) {
        return new LineLogger(name, ownLevel(name));
    }

    /**
     * A level of the logger's own: the property {@code brine.log.level.<name>}, or of the nearest package above
     * it ({@code brine.log.level.io.brine.transport}), read when the logger is made; null to follow the process's
     * level. The benchmark silences its simulated minions' dealers this way: a thousand of them reconnecting to a
     * restarted master is the scenario, not news.
     */
    static System.Logger.Level ownLevel(String name) {
        String n = name;
        while (n != null && !n.isEmpty()) {
            String value = System.getProperty("brine.log.level." + n);
            if (value != null) {
                try {
                    return level(value);
                } catch (IllegalArgumentException e) {
                    // a bad value is as if it were not there: the package above may still say something
                }
            }
            int dot = n.lastIndexOf('.');
            n = dot < 0 ? null : n.substring(0, dot);
        }
        return null;
    }

    static boolean enabled(System.Logger.Level level) {
        return enabled(level, threshold);
    }

    private static boolean enabled(System.Logger.Level level, System.Logger.Level least) {
        return level != System.Logger.Level.OFF && level.getSeverity() >= least.getSeverity();
    }

    private record LineLogger(String name, Level own) implements System.Logger {
        private boolean enabled(Level level) {
            return LineLoggerFinder.enabled(level, own != null ? own : threshold);
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public boolean isLoggable(Level level) {
            return enabled(level);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
            if (enabled(level)) {
                write(level, message, thrown);
            }
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            if (enabled(level)) {
                write(level, params == null || params.length == 0 ? format : MessageFormat.format(format, params),
                        null);
            }
        }

        private void write(Level level, String message, Throwable thrown) {
            // one write per record, so that lines from several threads do not interleave
            System.err.print(Logging.LineFormat.line(Instant.now(), Logging.levelName(level), name,
                    String.valueOf(message), thrown));
        }
    }
}
