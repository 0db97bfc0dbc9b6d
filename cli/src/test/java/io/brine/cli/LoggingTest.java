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
                + "java.lang.IllegalStateException: bad frame"), text);
        assertTrue(text.contains("at io.brine.cli.LoggingTest."), text);
    }
}
