package io.brine.console;

import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.MinionResult;
import io.brine.jobs.Subscription;
import io.brine.master.Master;
import io.brine.master.MasterClient;
import io.brine.protocol.Jid;
import io.brine.protocol.JobListRequest;
import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * Jobs ({@code /ui/jobs}: the list, filtered as {@code brine job list} is) and one job ({@code /ui/jobs/JID}): each
 * minion's outcome, retcode and output, rendered whole on the server and then followed live while the job runs
 * ({@code /ui/jobs/JID/live}), with a kill button.
 */
final class JobPages {
    private final Master master;
    private final LiveStreams live;

    JobPages(Master master, LiveStreams live) {
        this.master = master;
        this.live = live;
    }

    void list(Exchange x, Viewer v) throws IOException {
        JobFilter filter = filter(x);
        MasterClient client = v.client(master);
        StringBuilder rows = new StringBuilder();
        for (JobOverview j : client.jobs(filter)) {
            rows.append("<tr><td><a href=\"/ui/jobs/").append(j.jid()).append("\">").append(j.jid())
                    .append("</a></td><td>").append(Html.esc(j.function())).append("</td><td><code>")
                    .append(Html.esc(Html.cut(j.target(), 120))).append("</code> <small>")
                    .append(Html.esc(j.targetType().wireName())).append("</small></td><td>").append(Html.esc(j.caller()))
                    .append("</td><td>").append(Html.esc(j.startTime().truncatedTo(ChronoUnit.SECONDS)))
                    .append("</td><td>").append(j.returnedCount()).append(" / ").append(j.expectedCount())
                    .append(filter.queued() ? client.queuedUntil(j.jid()).map(t -> ", queued until "
                            + Html.esc(t.truncatedTo(ChronoUnit.SECONDS))).orElse("") : "")
                    .append("</td></tr>");
        }
        String form = "<form class=\"filter\" method=\"get\" action=\"/ui/jobs\" role=\"search\">"
                + field("function", "Function", x.query("function"), "state.*")
                + field("target", "Target", x.query("target"), "web*")
                + field("caller", "Caller", x.query("caller"), "token:ci or schedule:*")
                + field("since", "Since", x.query("since"), "30m, 2h, 7d")
                + check("running", "Running", x.query("running")) + check("queued", "Queued", x.query("queued"))
                + "<button type=\"submit\">Filter</button></form>";
        String body = form + (rows.isEmpty() ? "<p>No jobs you may see match.</p>"
                : "<table id=\"jobs\"><thead><tr><th scope=\"col\">Job</th><th scope=\"col\">Function</th>"
                + "<th scope=\"col\">Target</th><th scope=\"col\">Caller</th><th scope=\"col\">Started (UTC)</th>"
                + "<th scope=\"col\">Returned</th></tr></thead><tbody>" + rows + "</tbody></table>");
        x.html(200, Layout.page("Jobs", v, "jobs", body));
    }

    void show(Exchange x, Viewer v, String jid) throws IOException {
        MasterClient client = v.client(master);
        Job job = visible(client, jid);
        boolean running = client.running(jid);
        StringBuilder rows = new StringBuilder();
        List<Map.Entry<String, MinionResult>> returns = new ArrayList<>(job.returns().entrySet());
        // failed first, then in the order they returned
        returns.sort((a, b) -> Boolean.compare(a.getValue().success(), b.getValue().success()));
        for (Map.Entry<String, MinionResult> r : returns) {
            rows.append(ReturnView.row(job.function(), r.getKey(), r.getValue().success(), r.getValue().retcode(),
                    r.getValue().ret()));
        }
        // While it runs, the minions still running it are counted, not listed: their rows arrive as they return.
        StringBuilder missing = new StringBuilder();
        int waiting = 0;
        for (Map.Entry<String, io.brine.jobs.MinionOutcome> m : job.missing().entrySet()) {
            if (running && m.getValue() == io.brine.jobs.MinionOutcome.RUNNING) {
                waiting++;
            } else {
                missing.append(ReturnView.missingRow(m.getKey(), m.getValue().label()));
            }
        }
        String args = job.args().isEmpty() && job.kwargs().isEmpty() ? ""
                : " " + Html.esc(Html.cut(Values.compact(job.args()) + (job.kwargs().isEmpty() ? ""
                : " " + Values.compact(job.kwargs())), 500));
        String kill = running ? "<form method=\"post\" action=\"/ui/jobs/" + jid + "/kill\" class=\"inline\" id=\"kill-form\">"
                + v.csrfField() + "<button type=\"submit\" class=\"danger\" id=\"kill\">Kill job</button></form>" : "";
        String follow = running ? " hx-ext=\"sse\" sse-connect=\"/ui/jobs/" + jid + "/live?after=" + job.returns().size()
                + "\" sse-close=\"done\"" : "";
        String notice = switch (x.query("kill")) {
            case "sent" -> "<p role=\"status\" id=\"kill-outcome\">The kill was sent to the minions still running it.</p>";
            case "finished" -> "<p role=\"status\" id=\"kill-outcome\">The job had already finished; nothing was "
                    + "killed.</p>";
            default -> "";
        };
        String body = notice + "<section id=\"job\"" + follow + "><p class=\"job-head\"><code>" + Html.esc(job.function())
                + "</code>" + args + " on <code>" + Html.esc(Html.cut(job.target(), 200)) + "</code> <small>"
                + Html.esc(job.targetType().wireName()) + "</small> by " + Html.esc(job.caller()) + ", started "
                + Html.esc(job.startTime().truncatedTo(ChronoUnit.SECONDS)) + " UTC, timeout "
                + job.timeout().toSeconds() + " s" + client.queuedUntil(jid).map(t -> "; deliveries to minions that "
                + "were away wait until <time id=\"queued-until\">" + Html.esc(t.truncatedTo(ChronoUnit.SECONDS))
                + "</time> UTC").orElse("") + "</p><p><span id=\"job-state\" class=\"badge "
                + (running ? "warn\">running" : job.succeeded() ? "ok\">succeeded" : "bad\">failed") + "</span> "
                + "<span id=\"returned\" aria-live=\"polite\"" + (running ? " sse-swap=\"count\"" : "") + ">" + job.returns().size()
                + "</span> of " + job.expected().size() + " returned" + (waiting == 0 ? "" : ", " + waiting
                + " still running it") + " " + kill + "</p>"
                // when it ends: a word at once, then the whole job as the server renders it (failed first, no kill)
                + (running ? "<div sse-swap=\"done\" hx-swap=\"innerHTML\" id=\"job-done\"></div>"
                + "<div hx-trigger=\"sse:done\" hx-get=\"/ui/jobs/" + jid + "\" hx-select=\"#job\" hx-target=\"#job\" "
                + "hx-swap=\"outerHTML\"></div>" : "")
                + "<table><thead><tr><th scope=\"col\">Minion</th><th scope=\"col\">Outcome</th>"
                + "<th scope=\"col\">Retcode</th><th scope=\"col\">Output</th></tr></thead><tbody id=\"returns\""
                + (running ? " sse-swap=\"ret\" hx-swap=\"beforeend\"" : "") + ">" + rows + "</tbody>"
                + "<tbody id=\"missing\">" + missing + "</tbody></table></section>";
        x.html(200, Layout.page("Job " + jid, v, "jobs", body));
    }

    /**
     * The job's returns after the first {@code after} (those the page already shows), as they arrive, then
     * {@code done} once the job ended. The rows the page shows are marked sent before subscribing, and the job is
     * read again after, so no return is missed or shown twice.
     */
    void follow(Exchange x, Viewer v, String jid, BooleanSupplier stillSignedIn) throws IOException,
            InterruptedException {
        MasterClient client = v.client(master);
        Job first = visible(client, jid);
        int after = parseAfter(x.query("after"));
        live.stream(x, v, new LiveStreams.Source() {
            private final Set<String> sent = ConcurrentHashMap.newKeySet();
            private volatile LiveStreams.Sink sink;
            private boolean ended;

            @Override
            public AutoCloseable start(LiveStreams.Sink s) {
                sink = s;
                first.returns().keySet().stream().limit(after).forEach(sent::add);
                // Events are filtered and rendered on the stream's thread (in the message), not the publisher's.
                Subscription sub = master.events().subscribe("brine/job/" + jid + "/ret/*", e -> {
                    String id = e.tag().substring(e.tag().lastIndexOf('/') + 1);
                    if (sent.add(id)) {
                        Object ok = e.data().get("success");
                        Object rc = e.data().get("retcode");
                        offer(id, Boolean.TRUE.equals(ok), rc instanceof Number n ? n.intValue() : 0,
                                e.data().get("return"), () -> client.mayWatch(e));
                    }
                });
                try {
                    client.job(jid).orElseThrow(() -> ConsoleException.notFound("No job " + jid + "."))
                            .returns().forEach((id, r) -> {
                                if (sent.add(id)) {
                                    offer(id, r.success(), r.retcode(), r.ret(), () -> true);
                                }
                            });
                } catch (RuntimeException e) {
                    sub.close();
                    throw e;
                }
                return sub::close;
            }

            /** A returned minion's row, and the count that follows it. */
            private void offer(String id, boolean success, int retcode, Object ret,
                    java.util.function.BooleanSupplier visible) {
                sink.offer(new LiveStreams.Message("ret", () -> visible.getAsBoolean()
                        ? ReturnView.row(first.function(), id, success, retcode, ret) : null,
                        LiveStreams.Merge.APPEND));
                String count = String.valueOf(sent.size());
                sink.offer(new LiveStreams.Message("count", () -> count, LiveStreams.Merge.LAST));
            }

            @Override
            public boolean finished() {
                if (ended) {
                    return true;
                }
                if (client.running(jid)) {
                    return false;
                }
                ended = true;
                Job done = client.job(jid).orElseThrow();
                done.returns().forEach((id, r) -> {
                    if (sent.add(id)) {
                        offer(id, r.success(), r.retcode(), r.ret(), () -> true);
                    }
                });
                sink.offer(new LiveStreams.Message("done", "<p class=\"" + (done.succeeded() ? "ok" : "error")
                        + "\" role=\"status\">The job ended: " + done.returns().size() + " of "
                        + done.expected().size() + " returned" + (done.succeeded() ? "." : ", not all succeeded.")
                        + " <a href=\"/ui/jobs/" + jid + "\">Reload</a> for the whole view.</p>"));
                return false;
            }
        }, stillSignedIn);
    }

    /** Sends the kill, then back to the job's page (303, so a reload does not post it again), saying what was done. */
    void kill(Exchange x, Viewer v, String jid) throws IOException {
        MasterClient client = v.client(master);
        visible(client, jid);
        x.redirect("/ui/jobs/" + jid + "?kill=" + (client.kill(jid) ? "sent" : "finished"));
    }

    private static Job visible(MasterClient client, String jid) {
        if (!Jid.isValid(jid)) {
            throw ConsoleException.notFound("No such job: a jid is 20 digits.");
        }
        return client.job(jid).orElseThrow(() -> ConsoleException.notFound("No job " + jid + " that you may see."));
    }

    private static int parseAfter(String text) {
        try {
            return text.isEmpty() ? 0 : Math.max(0, Integer.parseInt(text));
        } catch (NumberFormatException e) {
            throw new ConsoleException(400, "'after' is a count of returns.");
        }
    }

    /** The list's filters, read as {@code brine job list} reads its flags. */
    private static JobFilter filter(Exchange x) {
        long since = 0;
        if (!x.query("since").isBlank()) {
            try {
                since = JobFilter.since(x.query("since").strip(), Instant.now()).toEpochMilli();
            } catch (IllegalArgumentException e) {
                throw new ConsoleException(400, "Since: " + e.getMessage());
            }
        }
        JobFilter filter = new JobFilter(Math.min(100, JobListRequest.MAX_LIMIT), blankToNull(x.query("function")),
                blankToNull(x.query("target")), blankToNull(x.query("caller")), since, !x.query("queued").isEmpty());
        return x.query("running").isEmpty() ? filter : filter.onlyRunning();
    }

    private static String blankToNull(String s) {
        return s.isBlank() ? null : s.strip();
    }

    private static String field(String name, String label, String value, String hint) {
        return "<label for=\"" + name + "\">" + label + "</label><input id=\"" + name + "\" name=\"" + name
                + "\" value=\"" + Html.esc(value) + "\" placeholder=\"" + Html.esc(hint) + "\">";
    }

    private static String check(String name, String label, String value) {
        return "<label><input type=\"checkbox\" name=\"" + name + "\" value=\"true\"" + (value.isEmpty() ? "" : " checked")
                + "> " + label + "</label>";
    }
}
