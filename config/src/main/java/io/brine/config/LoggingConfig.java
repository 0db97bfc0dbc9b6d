package io.brine.config;

import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * How a daemon logs, read from the keys the master's and the minion's files share (Salt's names): records at
 * {@code log_level} or above go to standard error (the journal, under systemd); with {@code log_file} set,
 * records at {@code log_level_logfile} or above (default: {@code log_level}) also go to that file, created 0600;
 * {@code log_format} is {@code text} (one line per record) or {@code json} (one object per line).
 *
 * <p>Salt's level names are accepted and mapped onto the four Brine has: {@code quiet} and {@code off} to off,
 * {@code critical} and {@code error} to error, {@code warning} and {@code warn} to warning, {@code info} and
 * {@code profile} to info (Salt's profile level lies between debug and info, so it shows no debug records),
 * {@code debug}, {@code trace}, {@code garbage} and {@code all} to debug.
 *
 * <p>Example: {@code LoggingConfig.from(ConfigFile.parse("log_level: warning\nlog_file: /var/log/brine.log",
 * "minion.yaml"))}
 *
 * @param file      the log file ({@code log_file}), or null for standard error only
 * @param level     the least severe level written to standard error ({@code log_level}, default info)
 * @param fileLevel the least severe level written to the file ({@code log_level_logfile}), or null to follow
 *                  {@code level}; see {@link #fileThreshold()}
 * @param format    {@code log_format}
 */
public record LoggingConfig(Path file, Level level, Level fileLevel, Format format) {
    /** The keys read here, for the daemons' own lists of known keys. */
    public static final Set<String> KEYS = Set.of("log_file", "log_level", "log_level_logfile", "log_format");
    /** Salt's names and Brine's synonyms, in the order error messages list them. */
    static final String LEVEL_NAMES = "quiet, critical, error, warning, info, profile, debug, trace, garbage, all"
            + " (or off, warn)";
    /** What a process logs without a configuration: info and above, as text, on standard error. */
    public static final LoggingConfig DEFAULT = new LoggingConfig(null, Level.INFO, null, Format.TEXT);

    /** {@code log_format}. */
    public enum Format {
        /** {@code 2026-01-31 13:05:09 INFO io.brine.minion.Minion: message}, control characters escaped. */
        TEXT,
        /** {@code {"time":"2026-01-31T13:05:09.120Z","level":"INFO","logger":"...","message":"..."}}. */
        JSON
    }

    public LoggingConfig {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(format, "format");
    }

    /** The keys of {@link #KEYS} in {@code c}; a bad value is an error naming the key, the file and the line. */
    public static LoggingConfig from(ConfigFile c) {
        Path file = null;
        if (c.has("log_file")) {
            String name = c.string("log_file", null);
            if (name.isBlank()) {
                throw c.error("log_file", "log_file must be a file's path; leave it out to log to standard error only");
            }
            file = Path.of(name);
        }
        Level level = level(c, "log_level", Level.INFO);
        Level fileLevel = c.has("log_level_logfile") ? level(c, "log_level_logfile", null) : null;
        String format = c.string("log_format", "text");
        Format f = switch (format) {
            case "text" -> Format.TEXT;
            case "json" -> Format.JSON;
            default -> throw c.error("log_format", "log_format must be text or json, not '" + format + "'");
        };
        return new LoggingConfig(file, level, fileLevel, f);
    }

    private static Level level(ConfigFile c, String key, Level fallback) {
        String name = c.string(key, null);
        if (name == null) {
            return fallback;
        }
        try {
            return level(name);
        } catch (IllegalArgumentException e) {
            throw c.error(key, key + " must be one of " + LEVEL_NAMES + ", not '" + name + "'");
        }
    }

    /**
     * A level by Salt's name or Brine's (see the class comment), in any case: for {@code --log-level} as for the
     * files.
     *
     * @throws IllegalArgumentException naming the word and the names there are
     */
    public static Level level(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "quiet", "off" -> Level.OFF;
            case "critical", "error" -> Level.ERROR;
            case "warning", "warn" -> Level.WARNING;
            case "info", "profile" -> Level.INFO;
            case "debug", "trace", "garbage", "all" -> Level.DEBUG;
            default -> throw new IllegalArgumentException("unknown log level '" + name + "'; use " + LEVEL_NAMES);
        };
    }

    /** The level of the file's records: {@code log_level_logfile}, or {@code log_level} without it. */
    public Level fileThreshold() {
        return fileLevel == null ? level : fileLevel;
    }

    /** The same, with {@code level} for standard error: {@code --log-level} overrides {@code log_level}. */
    public LoggingConfig withLevel(Level newLevel) {
        return new LoggingConfig(file, newLevel, fileLevel, format);
    }

    /** Standard error only, as text, at {@code level}: the client commands' logging. */
    public static LoggingConfig stderr(Level level) {
        return new LoggingConfig(null, level, null, Format.TEXT);
    }
}
