package io.brine.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.System.Logger.Level;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LoggingConfigTest {
    private static LoggingConfig read(String yaml) {
        return LoggingConfig.from(ConfigFile.parse(yaml, "minion.yaml"));
    }

    private static String error(String yaml) {
        return assertThrows(ConfigException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void withoutKeysInfoAsTextOnStandardErrorOnly() {
        LoggingConfig c = read("id: web1\n");
        assertEquals(LoggingConfig.DEFAULT, c);
        assertNull(c.file());
        assertEquals(Level.INFO, c.level());
        assertEquals(Level.INFO, c.fileThreshold());
        assertEquals(LoggingConfig.Format.TEXT, c.format());
    }

    @Test
    void eachKeyIsRead() {
        LoggingConfig c = read("log_file: /var/log/brine/minion.log\nlog_level: warning\nlog_level_logfile: debug\n"
                + "log_format: json\n");
        assertEquals(Path.of("/var/log/brine/minion.log"), c.file());
        assertEquals(Level.WARNING, c.level());
        assertEquals(Level.DEBUG, c.fileThreshold());
        assertEquals(LoggingConfig.Format.JSON, c.format());
    }

    @Test
    void theFileFollowsLogLevelUnlessItHasItsOwnAndTheFlagOverridesLogLevel() {
        LoggingConfig c = read("log_file: b.log\nlog_level: error\n");
        assertEquals(Level.ERROR, c.fileThreshold());
        assertEquals(Level.DEBUG, c.withLevel(Level.DEBUG).fileThreshold(), "--log-level moves a following file too");
        LoggingConfig own = read("log_file: b.log\nlog_level: error\nlog_level_logfile: info\n");
        assertEquals(Level.INFO, own.withLevel(Level.DEBUG).fileThreshold());
        assertEquals(Level.DEBUG, own.withLevel(Level.DEBUG).level());
    }

    @Test
    void saltsLevelNamesMapOntoBrines() {
        assertEquals(Level.OFF, LoggingConfig.level("quiet"));
        assertEquals(Level.OFF, LoggingConfig.level("off"));
        assertEquals(Level.ERROR, LoggingConfig.level("critical"));
        assertEquals(Level.ERROR, LoggingConfig.level("error"));
        assertEquals(Level.WARNING, LoggingConfig.level("warn"));
        assertEquals(Level.WARNING, LoggingConfig.level("WARNING"));
        assertEquals(Level.INFO, LoggingConfig.level("profile"));
        assertEquals(Level.DEBUG, LoggingConfig.level("trace"));
        assertEquals(Level.DEBUG, LoggingConfig.level("garbage"));
        assertEquals(Level.DEBUG, LoggingConfig.level("all"));
    }

    @Test
    void badValuesNameTheKeyTheFileAndTheLine() {
        assertEquals("minion.yaml:2: log_level must be one of quiet, critical, error, warning, info, profile, debug,"
                + " trace, garbage, all (or off, warn), not 'loud'", error("id: a\nlog_level: loud\n"));
        assertEquals("minion.yaml:1: log_level_logfile must be one of quiet, critical, error, warning, info, profile,"
                + " debug, trace, garbage, all (or off, warn), not '5'", error("log_level_logfile: 5\n"));
        assertEquals("minion.yaml:3: log_format must be text or json, not 'xml'",
                error("id: a\nlog_level: info\nlog_format: xml\n"));
        assertEquals("minion.yaml:1: log_file must be a file's path; leave it out to log to standard error only",
                error("log_file: ''\n"));
        assertEquals("minion.yaml:1: 'log_file' must be a string", error("log_file: [a, b]\n"));
    }
}
