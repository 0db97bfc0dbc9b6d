package io.brine.console;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionStatus;
import io.brine.master.FunctionDeclaration;
import io.brine.master.Master;
import io.brine.master.MasterClient;
import io.brine.master.MasterKeys;
import io.brine.targeting.TargetSyntaxException;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Fleet ({@code /ui/}): the accepted minions the viewer may see, up or down, filtered by a target expression read
 * by the CLI's parser; and one minion ({@code /ui/minions/ID}): its grains, its recent jobs, its functions.
 */
final class FleetPages {
    /** The recent jobs a minion's page looks through for those that ran on it. */
    static final int RECENT_JOBS_SCANNED = 100;

    private final Master master;

    FleetPages(Master master) {
        this.master = master;
    }

    void list(Exchange x, Viewer v) throws IOException {
        MasterKeys keys = v.keys(master);
        List<MinionStatus> all = keys.visibleStatus();
        String tgt = x.query("tgt").strip();
        String type = x.query("tgt_type").isEmpty() ? "glob" : x.query("tgt_type");
        String error = null;
        List<MinionStatus> shown = all;
        if (!tgt.isEmpty()) {
            try {
                Set<String> matched = new HashSet<>(v.client(master).preview(new JobSpec(tgt, TargetType.parse(type),
                        "test.ping", List.of(), Map.of(), null, null, null)).minions());
                shown = all.stream().filter(m -> matched.contains(m.id())).toList();
            } catch (TargetSyntaxException e) {
                error = e.describe();
                shown = List.of();
            } catch (IllegalArgumentException e) {
                error = e.getMessage();
                shown = List.of();
            }
        }
        long up = shown.stream().filter(MinionStatus::up).count();
        StringBuilder rows = new StringBuilder();
        for (MinionStatus m : shown) {
            Map<String, Object> grains = keys.visibleGrains(m.id());
            rows.append("<tr class=\"").append(m.up() ? "up" : "down").append("\" data-minion=\"")
                    .append(Html.esc(m.id())).append("\"><td><a href=\"/ui/minions/").append(Html.esc(Html.url(m.id())))
                    .append("\">").append(Html.esc(m.id())).append("</a></td><td><span class=\"badge ")
                    .append(m.up() ? "ok\">up" : "bad\">down").append("</span></td><td>")
                    .append(m.lastSeen().map(t -> Html.esc(t.truncatedTo(ChronoUnit.SECONDS))).orElse("never"))
                    .append("</td><td>").append(Html.esc(os(grains))).append("</td><td>")
                    .append(Html.esc(m.version().orElse(""))).append("</td><td>")
                    .append(Html.esc(m.transport().orElse(""))).append("</td></tr>");
        }
        String filter = "<form class=\"filter\" method=\"get\" action=\"/ui/\" role=\"search\">"
                + "<label for=\"tgt\">Target</label><input id=\"tgt\" name=\"tgt\" value=\"" + Html.esc(tgt)
                + "\" placeholder=\"web* or G@os:Debian and not db*\" size=\"40\">"
                + TargetTypes.select("tgt_type", type) + "<button type=\"submit\">Filter</button></form>"
                + (error == null ? "" : "<pre class=\"error\" role=\"alert\" id=\"target-error\">" + Html.esc(error)
                + "</pre>");
        String live = "hx-get=\"/ui/?tgt=" + Html.esc(Html.url(tgt)) + "&amp;tgt_type=" + Html.esc(Html.url(type))
                + "\" hx-trigger=\"every 5s\" hx-select=\"#fleet\" hx-swap=\"outerHTML\"";
        String body = filter + "<section id=\"fleet\" " + live + "><p class=\"counts\"><span id=\"count-up\">" + up
                + "</span> up, <span id=\"count-down\">" + (shown.size() - up) + "</span> down"
                + (shown.size() == all.size() ? "" : " (of " + all.size() + " you may see)") + "</p>"
                + "<table><caption class=\"visually-hidden\">Minions</caption><thead><tr><th scope=\"col\">Minion</th>"
                + "<th scope=\"col\">State</th><th scope=\"col\">Last seen (UTC)</th><th scope=\"col\">OS</th>"
                + "<th scope=\"col\">Brine</th><th scope=\"col\">Transport</th></tr></thead><tbody>" + rows
                + "</tbody></table></section>";
        x.html(200, Layout.page("Fleet", v, "fleet", body));
    }

    void show(Exchange x, Viewer v, String id) throws IOException {
        MasterKeys keys = v.keys(master);
        MinionStatus m = keys.visibleStatus(id).orElseThrow(() -> ConsoleException.notFound(
                "No accepted minion you may see is called '" + Html.cut(id, 80) + "'."));
        MasterClient client = v.client(master);
        StringBuilder grains = new StringBuilder("<dl class=\"grains\">");
        new TreeMap<>(keys.visibleGrains(id)).forEach((k, val) -> grains.append("<dt>").append(Html.esc(k))
                .append("</dt><dd>").append(Html.esc(Html.cut(Values.compact(val), 2000))).append("</dd>"));
        grains.append("</dl>");
        StringBuilder jobs = new StringBuilder();
        for (JobOverview j : client.jobs(JobFilter.latest(RECENT_JOBS_SCANNED))) {
            var job = client.job(j.jid());
            if (job.isEmpty() || !job.get().expected().contains(id)) {
                continue;
            }
            var r = job.get().returns().get(id);
            String outcome = r != null ? (r.success() ? "ok" : "failed (" + r.retcode() + ")")
                    : job.get().missing().containsKey(id) ? job.get().missing().get(id).label() : "running";
            jobs.append("<tr><td><a href=\"/ui/jobs/").append(j.jid()).append("\">").append(j.jid())
                    .append("</a></td><td>").append(Html.esc(j.function())).append("</td><td>")
                    .append(Html.esc(j.caller())).append("</td><td>").append(Html.esc(outcome)).append("</td></tr>");
        }
        StringBuilder functions = new StringBuilder();
        for (FunctionDeclaration f : client.functions(id)) {
            functions.append("<tr><th scope=\"row\"><code>").append(Html.esc(f.name())).append("</code></th><td>")
                    .append(inputs(f)).append("</td><td>")
                    .append(Html.esc(f.doc())).append("</td></tr>");
        }
        String body = "<p><span class=\"badge " + (m.up() ? "ok\">up" : "bad\">down") + "</span> last seen "
                + m.lastSeen().map(t -> Html.esc(t.truncatedTo(ChronoUnit.SECONDS))).orElse("never")
                + (m.transport().isPresent() ? " over " + Html.esc(m.transport().get()) : "")
                + (m.version().isPresent() ? ", Brine " + Html.esc(m.version().get()) : "")
                + " · <a href=\"/ui/run?tgt=" + Html.esc(Html.url(id)) + "&amp;tgt_type=list\">Run on it</a></p>"
                + "<h2>Recent jobs</h2>" + (jobs.isEmpty() ? "<p>None among the latest " + RECENT_JOBS_SCANNED
                + " jobs you may see.</p>" : "<table><thead><tr><th scope=\"col\">Job</th><th scope=\"col\">Function"
                + "</th><th scope=\"col\">Caller</th><th scope=\"col\">Outcome</th></tr></thead><tbody>" + jobs
                + "</tbody></table>")
                + "<h2>Grains</h2>" + grains
                + "<h2>Functions</h2>" + (functions.isEmpty() ? "<p>It has not declared its functions.</p>"
                : "<table class=\"functions\"><thead><tr><th scope=\"col\">Function</th><th scope=\"col\">Arguments"
                + "</th><th scope=\"col\">Documentation</th></tr></thead><tbody>" + functions + "</tbody></table>");
        x.html(200, Layout.page(id, v, "fleet", body));
    }

    /** A declaration's arguments as a person reads them: {@code name (string)*, timeout (integer)}; * marks required. */
    static String inputs(FunctionDeclaration f) {
        StringBuilder out = new StringBuilder();
        for (FunctionDeclaration.Input i : f.inputs()) {
            if (!out.isEmpty()) {
                out.append(", ");
            }
            out.append("<code>").append(Html.esc(i.name())).append("</code> <small>(").append(Html.esc(i.type()))
                    .append(i.rest() ? ", the rest" : "").append(")</small>").append(i.required() ? "*" : "");
        }
        return f.extras() ? out + (out.isEmpty() ? "" : ", ") + "<small>keywords…</small>" : out.toString();
    }

    private static String os(Map<String, Object> grains) {
        Object os = grains.get("os");
        Object release = grains.get("osrelease");
        return os == null ? "" : os + (release == null ? "" : " " + release);
    }
}
