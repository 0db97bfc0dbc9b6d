package io.brine.console;

import io.brine.master.Master;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * Overview ({@code /ui/overview}): returns per minute by outcome and job latency percentiles over the last hour,
 * plotted by uPlot from {@code /ui/overview/data}, with the last minutes as a table for reading without script.
 * Fleet-wide figures: they need {@code @jobs}.
 */
final class OverviewPage implements AutoCloseable {
    /** The minutes the table (the view without script) shows. */
    static final int TABLE_MINUTES = 15;
    private final Master master;
    private final ReturnHistory history;

    OverviewPage(Master master, ReturnHistory history) {
        this.master = master;
        this.history = history;
    }

    void page(Exchange x, Viewer v) throws IOException {
        v.client(master).requireRight("@jobs", "see the fleet's job figures");
        List<ReturnHistory.Row> rows = history.rows();
        StringBuilder table = new StringBuilder();
        for (int i = rows.size() - 1; i >= rows.size() - TABLE_MINUTES; i--) {
            ReturnHistory.Row r = rows.get(i);
            table.append("<tr><td>").append(Instant.ofEpochSecond(r.epochSecond()).toString(), 11, 16)
                    .append("</td><td>").append(r.ok()).append("</td><td>").append(r.failed()).append("</td><td>")
                    .append(seconds(r.p50())).append("</td><td>").append(seconds(r.p95())).append("</td><td>")
                    .append(seconds(r.p99())).append("</td></tr>");
        }
        String body = "<link rel=\"stylesheet\" href=\"/ui/assets/uplot.css\">"
                + "<script defer src=\"/ui/assets/uplot.js\"></script>"
                + "<script defer src=\"/ui/assets/overview.js\"></script>"
                + "<section class=\"plots\" data-source=\"/ui/overview/data\">"
                + "<figure><figcaption>Returns per minute, by outcome</figcaption><div id=\"returns-plot\"></div></figure>"
                + "<figure><figcaption>Job latency (publish to return), seconds: p50, p95, p99</figcaption>"
                + "<div id=\"latency-plot\"></div></figure></section>"
                + "<h2>The last " + TABLE_MINUTES + " minutes</h2><table id=\"overview-table\"><thead><tr>"
                + "<th scope=\"col\">Minute (UTC)</th><th scope=\"col\">Succeeded</th><th scope=\"col\">Failed</th>"
                + "<th scope=\"col\">p50</th><th scope=\"col\">p95</th><th scope=\"col\">p99</th></tr></thead><tbody>"
                + table + "</tbody></table><p class=\"hint\">Counted since this master started; the same figures "
                + "are in its Prometheus metrics (<code>brine_returns_total</code>, "
                + "<code>brine_return_latency_seconds</code>).</p>";
        x.html(200, Layout.page("Overview", v, "overview", body));
    }

    void data(Exchange x, Viewer v) throws IOException {
        v.client(master).requireRight("@jobs", "see the fleet's job figures");
        x.send(200, "application/json", Values.json(history.series()).getBytes(StandardCharsets.UTF_8));
    }

    private static String seconds(double s) {
        return Double.isNaN(s) ? "" : String.format(java.util.Locale.ROOT, "%.3f", s);
    }

    @Override
    public void close() {
        history.close();
    }
}
