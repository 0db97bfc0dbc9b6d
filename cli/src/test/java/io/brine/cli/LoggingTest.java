package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.LoggingConfig;
import io.brine.logging.ProcessLogging;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The commands' logging as Brine's code sees it: System.Logger records on stderr (the shapes: ProcessLoggingTest). */
class LoggingTest {
    private final PrintStream saved = System.err;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    private String capture(Runnable logging) {
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            logging.run();
        } finally {
            System.setErr(saved);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    @AfterEach
    void backToDefaults() {
        ProcessLogging.configure(LoggingConfig.DEFAULT);
    }

    @Test
    void aRecordIsOneLineWithDateTimeLevelLoggerAndMessage() {
        String text = capture(() -> {
            Logging.configure("info");
            System.getLogger("io.brine.minion.Minion").log(System.Logger.Level.INFO, "minion m1 started");
        });
        assertTrue(text.matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d INFO io.brine.minion.Minion: minion m1 "
                + "started\\R"), text);
    }

    @Test
    void anExceptionFollowsWithItsStackTrace() {
        String text = capture(() -> {
            Logging.configure("info");
            System.getLogger("io.brine.transport.DealerEndpoint").log(System.Logger.Level.WARNING,
                    "dropped a frame", new IllegalStateException("bad frame"));
        });
        assertTrue(text.contains(" WARNING io.brine.transport.DealerEndpoint: dropped a frame" + System.lineSeparator()
                + "\tjava.lang.IllegalStateException: bad frame"), text);
        assertTrue(text.contains("at io.brine.cli.LoggingTest."), text);
    }

    /** Issue 11, finding 17: a pushed path with a newline wrote a forged record into the master's log. */
    @Test
    void aValueFromTheWireCannotForgeALogRecord() {
        String forged = "/srv/x\n2026-01-05 07:08:09 INFO io.brine.master.Master: key web9 accepted\r\u0085\u2028";
        String text = capture(() -> {
            Logging.configure("info");
            System.getLogger("io.brine.master.PushReceiver").log(System.Logger.Level.INFO, "stored push " + forged,
                    new IllegalStateException("cannot store " + forged));
        });
        String[] lines = text.split(System.lineSeparator());
        assertTrue(lines[0].endsWith("stored push /srv/x\\n2026-01-05 07:08:09 INFO io.brine.master.Master: key web9"
                + " accepted\\r\\u0085\\u2028"), lines[0]);
        for (int i = 1; i < lines.length; i++) {
            assertTrue(Character.isWhitespace(lines[i].charAt(0)), "line " + i + " starts a record: " + lines[i]);
        }
        assertEquals(1, text.lines().filter(l -> l.matches("\\d{4}-.*")).count(), text);
    }

    @Test
    void systemLoggersWriteOneLineAtTheConfiguredLevel() {
        String text = capture(() -> {
            Logging.configure("warning");
            System.Logger log = System.getLogger("io.brine.test.Logging");
            log.log(System.Logger.Level.INFO, "not at warning level");
            log.log(System.Logger.Level.ERROR, "the disk {0} is full", "/var");
        });
        assertTrue(!text.contains("not at warning level"), text);
        assertTrue(text.matches("(?s).*\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d SEVERE io.brine.test.Logging: "
                + "the disk /var is full\\R.*"), text);
    }

    @Test
    void aLoggerOrItsPackageMayHaveALevelOfItsOwn() {
        System.setProperty("brine.log.level.io.brine.test.quiet", "error");
        System.setProperty("brine.log.level.io.brine.test.quiet.Loud", "debug");
        System.setProperty("brine.log.level.io.brine.test.quiet.Typo", "loud");
        System.setProperty("brine.log.level.io.brine.test.Silent", "off");
        String text;
        try {
            text = capture(() -> {
                Logging.configure("info");
                System.getLogger("io.brine.test.quiet.Dealer").log(System.Logger.Level.WARNING, "handshaking again");
                System.getLogger("io.brine.test.quiet.Dealer").log(System.Logger.Level.ERROR, "cannot bind");
                System.getLogger("io.brine.test.quiet.Loud").log(System.Logger.Level.DEBUG, "every frame");
                System.getLogger("io.brine.test.Other").log(System.Logger.Level.INFO, "started");
                System.getLogger("io.brine.test.quiet.Typo").log(System.Logger.Level.WARNING, "typo warned");
                System.getLogger("io.brine.test.Silent").log(System.Logger.Level.ERROR, "silent error");
            });
        } finally {
            System.clearProperty("brine.log.level.io.brine.test.quiet");
            System.clearProperty("brine.log.level.io.brine.test.quiet.Loud");
            System.clearProperty("brine.log.level.io.brine.test.quiet.Typo");
            System.clearProperty("brine.log.level.io.brine.test.Silent");
        }
        assertTrue(!text.contains("handshaking again"), "the package's own level is error: " + text);
        assertTrue(text.contains("cannot bind"), text);
        assertTrue(text.contains("every frame"), "the most specific name wins: " + text);
        assertTrue(text.contains("started"), "other loggers follow the process's level: " + text);
        assertTrue(!text.contains("typo warned"), "a bad value falls back to the package's level: " + text);
        assertTrue(!text.contains("silent error"), "off silences a logger: " + text);
    }

    @Test
    void jettyIsQuietAtInfo() {
        String text = capture(() -> {
            Logging.configure("info");
            System.getLogger("org.eclipse.jetty.server.Server").log(System.Logger.Level.INFO, "Started Server");
            System.getLogger("org.eclipse.jetty.server.Server").log(System.Logger.Level.WARNING, "port busy");
        });
        assertTrue(!text.contains("Started Server") && text.contains("port busy"), text);
    }

    @Test
    void aBadLevelIsAUsageErrorNamingIt() {
        CliException e = org.junit.jupiter.api.Assertions.assertThrows(CliException.class,
                () -> Logging.configure("loud"));
        assertEquals("unknown log level 'loud'; use quiet, critical, error, warning, info, profile, debug, trace, "
                + "garbage, all (or off, warn)", e.getMessage());
    }
}
