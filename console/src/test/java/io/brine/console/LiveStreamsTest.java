package io.brine.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A burst of live messages is sent as a few: rows joined in the order the page shows them, counts the newest. */
class LiveStreamsTest {
    private static LiveStreams.Message m(String event, String html, LiveStreams.Merge merge) {
        return new LiveStreams.Message(event, () -> html, merge);
    }

    @Test
    void rowsJoinInOrderCountsKeepTheNewestAndOthersStayApart() {
        List<LiveStreams.Message> out = LiveStreams.merged(List.of(
                m("ret", "<tr>a</tr>", LiveStreams.Merge.APPEND), m("count", "1", LiveStreams.Merge.LAST),
                m("ret", "<tr>b</tr>", LiveStreams.Merge.APPEND), m("count", "2", LiveStreams.Merge.LAST),
                m("done", "<p>end</p>", LiveStreams.Merge.NONE)));
        assertEquals(List.of("ret", "count", "done"), out.stream().map(LiveStreams.Message::event).toList());
        assertEquals(List.of("<tr>a</tr><tr>b</tr>", "2", "<p>end</p>"),
                out.stream().map(x -> x.render().get()).toList());
    }

    @Test
    void rowsAddedAtTheTopJoinNewestFirst() {
        List<LiveStreams.Message> out = LiveStreams.merged(List.of(m("event", "<tr>1</tr>", LiveStreams.Merge.PREPEND),
                m("event", "<tr>2</tr>", LiveStreams.Merge.PREPEND), m("event", "<tr>3</tr>", LiveStreams.Merge.PREPEND)));
        assertEquals(1, out.size());
        assertEquals("<tr>3</tr><tr>2</tr><tr>1</tr>", out.get(0).render().get());
    }
}
