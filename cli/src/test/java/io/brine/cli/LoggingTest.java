package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

class LoggingTest {
    @Test
    void aRecordIsOneLineWithDateTimeLevelLoggerAndMessage() {
        LogRecord r = new LogRecord(Level.INFO, "minion m1 started");
        r.setLoggerName("io.brine.minion.Minion");
        r.setInstant(LocalDateTime.of(2026, 1, 5, 7, 8, 9).atZone(ZoneId.systemDefault()).toInstant());
        assertEquals("2026-01-05 07:08:09 INFO io.brine.minion.Minion: minion m1 started" + System.lineSeparator(),
                new Logging.LineFormat().format(r));
    }

    @Test
    void anExceptionFollowsWithItsStackTrace() {
        LogRecord r = new LogRecord(Level.WARNING, "dropped a frame");
        r.setLoggerName("io.brine.transport.DealerEndpoint");
        r.setThrown(new IllegalStateException("bad frame"));
        String text = new Logging.LineFormat().format(r);
        assertTrue(text.contains(" WARNING io.brine.transport.DealerEndpoint: dropped a frame" + System.lineSeparator()
                + "\tjava.lang.IllegalStateException: bad frame"), text);
        assertTrue(text.contains("at io.brine.cli.LoggingTest."), text);
    }

    /** Issue 11, finding 17: a pushed path with a newline wrote a forged record into the master's log. */
    @Test
    void aValueFromTheWireCannotForgeALogRecord() {
        String forged = "/srv/x\n2026-01-05 07:08:09 INFO io.brine.master.Master: key web9 accepted\r\u0085\u2028";
        LogRecord r = new LogRecord(Level.INFO, "stored push " + forged);
        r.setLoggerName("io.brine.master.PushReceiver");
        r.setInstant(LocalDateTime.of(2026, 1, 5, 7, 8, 9).atZone(ZoneId.systemDefault()).toInstant());
        r.setThrown(new IllegalStateException("cannot store " + forged));
        String text = new Logging.LineFormat().format(r);
        String[] lines = text.split(System.lineSeparator());
        assertTrue(lines[0].endsWith("stored push /srv/x\\n2026-01-05 07:08:09 INFO io.brine.master.Master: key web9"
                + " accepted\\r\\u0085\\u2028"), lines[0]);
        for (int i = 1; i < lines.length; i++) {
            assertTrue(Character.isWhitespace(lines[i].charAt(0)), "line " + i + " starts a record: " + lines[i]);
        }
        assertEquals(1, text.lines().filter(l -> l.startsWith("2026-")).count(), text);
    }

    @Test
    void systemLoggersWriteOneLineAtTheConfiguredLevelWithoutJavaUtilLogging() {
        assertTrue(System.LoggerFinder.getLoggerFinder() instanceof LineLoggerFinder,
                "the service registration is what makes every System.Logger one of ours");
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.Logger.Level before = LineLoggerFinder.threshold;
        try {
            System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
            Logging.configure("warning");
            System.Logger log = System.getLogger("io.brine.test.Logging");
            log.log(System.Logger.Level.INFO, "not at warning level");
            log.log(System.Logger.Level.ERROR, "the disk {0} is full", "/var");
        } finally {
            System.setErr(saved);
            LineLoggerFinder.threshold = before;
        }
        String text = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(!text.contains("not at warning level"), text);
        assertTrue(text.matches("(?s).*\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d SEVERE io.brine.test.Logging: "
                + "the disk /var is full\\R.*"), text);
    }

    @Test
    void aLoggerOrItsPackageMayHaveALevelOfItsOwn() {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.Logger.Level before = LineLoggerFinder.threshold;
        System.setProperty("brine.log.level.io.brine.test.quiet", "error");
        System.setProperty("brine.log.level.io.brine.test.quiet.Loud", "debug");
        System.setProperty("brine.log.level.io.brine.test.quiet.Typo", "loud");
        System.setProperty("brine.log.level.io.brine.test.Silent", "off");
        try {
            System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
            Logging.configure("info");
            System.getLogger("io.brine.test.quiet.Dealer").log(System.Logger.Level.WARNING, "handshaking again");
            System.getLogger("io.brine.test.quiet.Dealer").log(System.Logger.Level.ERROR, "cannot bind");
            System.getLogger("io.brine.test.quiet.Loud").log(System.Logger.Level.DEBUG, "every frame");
            System.getLogger("io.brine.test.Other").log(System.Logger.Level.INFO, "started");
            System.getLogger("io.brine.test.quiet.Typo").log(System.Logger.Level.WARNING, "typo warned");
            System.getLogger("io.brine.test.Silent").log(System.Logger.Level.ERROR, "silent error");
        } finally {
            System.setErr(saved);
            LineLoggerFinder.threshold = before;
            System.clearProperty("brine.log.level.io.brine.test.quiet");
            System.clearProperty("brine.log.level.io.brine.test.quiet.Loud");
            System.clearProperty("brine.log.level.io.brine.test.quiet.Typo");
            System.clearProperty("brine.log.level.io.brine.test.Silent");
        }
        String text = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(!text.contains("handshaking again"), "the package's own level is error: " + text);
        assertTrue(text.contains("cannot bind"), text);
        assertTrue(text.contains("every frame"), "the most specific name wins: " + text);
        assertTrue(text.contains("started"), "other loggers follow the process's level: " + text);
        assertTrue(!text.contains("typo warned"), "a bad value falls back to the package's level: " + text);
        assertTrue(!text.contains("silent error"), "off silences a logger: " + text);
    }
}
