package io.brine.cli;

import io.brine.config.LoggingConfig;
import io.brine.logging.ProcessLogging;

/**
 * The commands' side of {@link ProcessLogging}: daemons log as their configuration says ({@code log_file},
 * {@code log_level}, ...), with {@code --log-level} overriding {@code log_level}; client commands log only
 * warnings, to keep their output clean.
 */
final class Logging {
    private Logging() {
    }

    /** Standard error only, at {@code level} (a word of {@link LoggingConfig#level(String)}). */
    static void configure(String level) {
        ProcessLogging.configure(LoggingConfig.stderr(level(level)));
    }

    /**
     * A daemon's logging: {@code config}, with {@code flagLevel} (null when {@code --log-level} was not given) in
     * place of {@code log_level}; its log file is reopened on SIGHUP.
     */
    static ProcessLogging daemon(LoggingConfig config, System.Logger.Level flagLevel) {
        LoggingConfig effective = flagLevel == null ? config : config.withLevel(flagLevel);
        return ProcessLogging.configure(effective).reopenOnHangup();
    }

    /** {@code --log-level}'s word read, or null without one; a bad word is a usage error. */
    static System.Logger.Level flagLevel(String nameOrNull) {
        return nameOrNull == null ? null : level(nameOrNull);
    }

    private static System.Logger.Level level(String name) {
        try {
            return LoggingConfig.level(name);
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
    }
}
