package io.brine.logging;

import ch.qos.logback.classic.Level;
import io.brine.config.LoggingConfig;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Levels of particular loggers or packages: the system properties {@code brine.log.level.<name>}, e.g.
 * {@code -Dbrine.log.level.io.brine.transport=error}. The most specific name wins, as in Logback's hierarchy; a
 * bad value is as if it were not there, so the package above still decides. The benchmark silences its simulated
 * minions' dealers this way: a thousand of them reconnecting to a restarted master is the scenario, not news.
 *
 * @param levels the logger names with a valid level of their own
 */
record OwnLevels(Map<String, Level> levels) {
    static final String PREFIX = "brine.log.level.";

    OwnLevels {
        levels = Map.copyOf(levels);
    }

    static OwnLevels from(Properties properties) {
        Map<String, Level> out = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(PREFIX) && key.length() > PREFIX.length()) {
                try {
                    out.put(key.substring(PREFIX.length()),
                            LevelNames.logback(LoggingConfig.level(properties.getProperty(key))));
                } catch (IllegalArgumentException badValue) {
                    // ignored: the package above, or the process's level, decides
                }
            }
        }
        return new OwnLevels(out);
    }

    /** Whether {@code logger} or a package above it has a level of its own, which outranks an output's. */
    boolean covers(String logger) {
        for (String name : levels.keySet()) {
            if (logger.equals(name) || (logger.startsWith(name) && logger.charAt(name.length()) == '.')) {
                return true;
            }
        }
        return false;
    }
}
