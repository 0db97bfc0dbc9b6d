package io.brine.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.jobs.Event;
import io.brine.master.EventBus;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Overview's minute of returns: counts by outcome, latency from the jid's time to the return. */
class ReturnHistoryTest {
    @Test
    void returnsCountByOutcomeAndTheirLatencyIsReadFromTheJid() {
        Instant now = Instant.parse("2026-11-29T10:00:30Z");
        EventBus events = new EventBus();
        try (ReturnHistory history = new ReturnHistory(events, Clock.fixed(now, ZoneOffset.UTC))) {
            String jid = "20261129100020000000"; // published 10 s before the returns
            history.returned(new Event("brine/job/" + jid + "/ret/web1", Map.of("success", true), now.toEpochMilli()));
            history.returned(new Event("brine/job/" + jid + "/ret/web2", Map.of("success", false),
                    now.toEpochMilli()));
            List<ReturnHistory.Row> rows = history.rows();
            ReturnHistory.Row minute = rows.get(rows.size() - 1);
            assertEquals(1, minute.ok());
            assertEquals(1, minute.failed());
            assertEquals(10.0, minute.p50(), 1e-9, "publish to return, from the jid");
            long publishedAt = Instant.parse("2026-11-29T10:00:20Z").toEpochMilli();
            assertEquals(publishedAt, ReturnHistory.publishedMillis(jid));
            assertEquals(-1, ReturnHistory.publishedMillis("not-a-jid"));
        }
    }
}
