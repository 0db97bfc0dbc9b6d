package io.brine.console;

import io.brine.jobs.Subscription;
import io.brine.master.Master;
import io.brine.master.MasterClient;
import java.io.IOException;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/**
 * Events ({@code /ui/events}): the master's event stream, live, filtered by a tag pattern ({@code brine/job/**},
 * {@code brine/key/*}); each event only if the viewer may watch it, as {@code GET /events} decides. Needs
 * {@code @events}.
 */
final class EventPages {
    static final int MAX_PATTERN = 256;
    /** The most of one event's data a row shows. */
    static final int MAX_DATA_CHARS = 4000;

    private final Master master;
    private final LiveStreams live;

    EventPages(Master master, LiveStreams live) {
        this.master = master;
        this.live = live;
    }

    void page(Exchange x, Viewer v) throws IOException {
        v.client(master).requireRight("@events", "watch events");
        String tag = pattern(x);
        String body = "<form class=\"filter\" method=\"get\" action=\"/ui/events\" role=\"search\">"
                + "<label for=\"tag\">Tag</label><input id=\"tag\" name=\"tag\" size=\"40\" value=\"" + Html.esc(tag)
                + "\" placeholder=\"brine/job/**\"><button type=\"submit\">Filter</button></form>"
                + "<noscript><p>The event stream is live only: it needs JavaScript. <code>brine event listen</code> "
                + "and <code>GET /events</code> show it too.</p></noscript>"
                + "<section hx-ext=\"sse\" sse-connect=\"/ui/events/live?tag=" + Html.esc(Html.url(tag)) + "\">"
                + "<div sse-swap=\"signed-out\"></div><div sse-swap=\"overflow\"></div>"
                + "<table><thead><tr><th scope=\"col\">Time (UTC)</th><th scope=\"col\">Tag</th>"
                + "<th scope=\"col\">Data</th></tr></thead><tbody id=\"events\" sse-swap=\"event\" "
                + "hx-swap=\"afterbegin\"></tbody></table></section>";
        x.html(200, Layout.page("Events", v, "events", body));
    }

    void follow(Exchange x, Viewer v, BooleanSupplier stillSignedIn) throws IOException, InterruptedException {
        MasterClient client = v.client(master);
        client.requireRight("@events", "watch events");
        String tag = pattern(x);
        try {
            io.brine.master.EventBus.matcher(tag); // read now: a bad pattern is the page's 400, not the stream's
        } catch (IllegalArgumentException e) {
            throw new ConsoleException(400, "Tag pattern: " + e.getMessage());
        }
        live.stream(x, v, sink -> {
            // mayWatch and the rendering run on the stream's thread, in the message, not on the publisher's
            Subscription sub = master.events().subscribe(tag, e -> sink.offer(new LiveStreams.Message("event",
                    () -> client.mayWatch(e) ? row(e) : null, LiveStreams.Merge.PREPEND)));
            return sub::close;
        }, stillSignedIn);
    }

    private static String row(io.brine.jobs.Event e) {
        return "<tr><td>" + Html.esc(Instant.ofEpochMilli(e.timeMillis())) + "</td><td><code>" + Html.esc(e.tag())
                + "</code></td><td><pre>" + Html.esc(Html.cut(Values.compact(e.data()), MAX_DATA_CHARS))
                + "</pre></td></tr>";
    }

    private static String pattern(Exchange x) {
        String tag = x.query("tag").strip();
        if (tag.length() > MAX_PATTERN) {
            throw new ConsoleException(400, "The tag pattern is longer than " + MAX_PATTERN + " characters.");
        }
        return tag.isEmpty() ? "**" : tag;
    }
}
