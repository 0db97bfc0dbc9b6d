package io.brine.console;

import io.brine.config.CallArguments;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionStatus;
import io.brine.master.AccessDeniedException;
import io.brine.master.FunctionDeclaration;
import io.brine.master.JobPreview;
import io.brine.master.JobRefusedException;
import io.brine.master.Master;
import io.brine.master.MasterClient;
import io.brine.master.NoMinionsMatchedException;
import io.brine.targeting.TargetSyntaxException;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Run ({@code /ui/run}): target, function and arguments (one per line, read as the CLI reads its words). Asked to
 * run, it first shows what would happen: the minions the target selects and the master's verdict on the function
 * and arguments against what those minions declare; only a confirmation publishes, and the page then follows the
 * job live. Nothing it shows is decided here: the preview and the publish are the master's, as the viewer's
 * {@code token:NAME}, and a refused publish is audited like every other.
 */
final class RunPage {
    /** The visible minions whose declared functions fill the function field's suggestions. */
    static final int SUGGESTION_MINIONS = 20;
    private final Master master;

    RunPage(Master master) {
        this.master = master;
    }

    /** {@code post}: the form was sent (preview, or publish when confirmed); else the empty form. */
    void answer(Exchange x, Viewer v, boolean post) throws IOException {
        Form f = post ? new Form(x.field("tgt").strip(), orGlob(x.field("tgt_type")), x.field("fun").strip(),
                x.field("arg"), x.field("timeout").strip())
                : new Form(x.query("tgt"), orGlob(x.query("tgt_type")), x.query("fun"), "", "");
        if (!post) {
            x.html(200, page(v, f, ""));
            return;
        }
        MasterClient client = v.client(master);
        JobSpec spec;
        try {
            spec = f.spec();
        } catch (IllegalArgumentException e) {
            x.html(400, page(v, f, problem(e)));
            return;
        }
        if (!x.field("confirm").equals("yes")) {
            preview(x, v, f, spec, client);
            return;
        }
        try {
            String jid = client.requiringMatch().cast(spec);
            x.redirect("/ui/jobs/" + jid);
        } catch (AccessDeniedException e) {
            x.html(403, page(v, f, problem(e)));
        } catch (NoMinionsMatchedException e) {
            x.html(422, page(v, f, "<p class=\"error\" role=\"alert\">" + Html.esc(e.getMessage()) + "</p>"));
        } catch (JobRefusedException e) {
            x.html(e.reason().mastersTrouble() ? 503 : 429, page(v, f, problem(e)));
        } catch (IllegalArgumentException e) {
            x.html(400, page(v, f, problem(e)));
        }
    }

    private void preview(Exchange x, Viewer v, Form f, JobSpec spec, MasterClient client) throws IOException {
        JobPreview p;
        try {
            p = client.preview(spec);
        } catch (IllegalArgumentException e) {
            x.html(400, page(v, f, problem(e)));
            return;
        }
        StringBuilder out = new StringBuilder("<section id=\"preview\" aria-live=\"polite\"><h2>Before it runs</h2>");
        out.append("<p id=\"resolved\">The target selects <strong id=\"resolved-count\">").append(p.minions().size())
                .append("</strong> minion").append(p.minions().size() == 1 ? "" : "s")
                .append(p.minions().isEmpty() ? "." : ": " + Html.esc(shortList(p.minions())) + ".").append("</p>");
        if (!p.undetermined().isEmpty()) {
            out.append("<p class=\"warn\">Undecided (their grains are not known yet): ")
                    .append(Html.esc(shortList(p.undetermined()))).append("</p>");
        }
        if (!p.unknown().isEmpty()) {
            out.append("<p class=\"warn\">Not accepted minions: ").append(Html.esc(shortList(p.unknown())))
                    .append("</p>");
        }
        int status = 200;
        if (p.refused().isPresent()) {
            // shown, and audited as the refusal it is, like a publish refused
            client.audit("refused", Map.of("function", spec.function(), "target", spec.target(),
                    "outcome", p.refusal(), "stage", "console preview"));
            out.append("<p class=\"error\" role=\"alert\" id=\"refusal\">").append(Html.esc(p.refusal()))
                    .append("</p>");
            status = 403;
        } else if (p.minions().isEmpty() && p.unknown().isEmpty()) {
            out.append("<p class=\"error\" role=\"alert\">Nothing to run it on.</p>");
            status = 422;
        } else {
            out.append("<form method=\"post\" action=\"/ui/run\">").append(v.csrfField()).append(f.hidden())
                    .append("<input type=\"hidden\" name=\"confirm\" value=\"yes\"><button type=\"submit\" id=\"confirm\">")
                    .append("Run ").append(Html.esc(spec.function())).append(" on ").append(p.minions().size())
                    .append(" minion").append(p.minions().size() == 1 ? "" : "s").append("</button></form>");
        }
        x.html(status, page(v, f, out.append("</section>").toString()));
    }

    private String page(Viewer v, Form f, String below) {
        String form = "<form method=\"post\" action=\"/ui/run\" class=\"run\">" + v.csrfField()
                + "<label for=\"tgt\">Target</label><input id=\"tgt\" name=\"tgt\" required value=\""
                + Html.esc(f.tgt()) + "\" placeholder=\"web*\">" + TargetTypes.select("tgt_type", f.type())
                + "<label for=\"fun\">Function</label><input id=\"fun\" name=\"fun\" required list=\"functions\" value=\""
                + Html.esc(f.fun()) + "\" placeholder=\"test.ping\">" + suggestions(v)
                + "<label for=\"arg\">Arguments, one per line (<code>key=value</code> for keywords)</label>"
                + "<textarea id=\"arg\" name=\"arg\" rows=\"4\">" + Html.esc(f.args()) + "</textarea>"
                + "<label for=\"timeout\">Timeout (seconds)</label><input id=\"timeout\" name=\"timeout\" "
                + "inputmode=\"numeric\" size=\"6\" value=\"" + Html.esc(f.timeout()) + "\" placeholder=\"default\">"
                + "<button type=\"submit\" id=\"check\">Check</button></form>";
        return Layout.page("Run", v, "run", form + below);
    }

    /**
     * The functions the viewer's first visible minions declare and its grants name, as the function field's
     * suggestions: nothing it could not run is offered.
     */
    private String suggestions(Viewer v) {
        TreeSet<String> names = new TreeSet<>();
        MasterClient client = v.client(master);
        for (MinionStatus m : v.keys(master).visibleStatus().stream().limit(SUGGESTION_MINIONS).toList()) {
            client.functions(m.id()).stream().map(FunctionDeclaration::name).filter(client::mayRun)
                    .forEach(names::add);
        }
        StringBuilder out = new StringBuilder("<datalist id=\"functions\">");
        names.forEach(n -> out.append("<option value=\"").append(Html.esc(n)).append("\">"));
        return out.append("</datalist>").toString();
    }

    private static String problem(RuntimeException e) {
        String text = e instanceof TargetSyntaxException t ? t.describe() : e.getMessage();
        return "<pre class=\"error\" role=\"alert\" id=\"refusal\">" + Html.esc(text) + "</pre>";
    }

    private static String orGlob(String type) {
        return type.isBlank() ? "glob" : type;
    }

    private static String shortList(List<String> ids) {
        return ids.size() <= 10 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 10)) + " and "
                + (ids.size() - 10) + " more";
    }

    /** The form's fields as sent. */
    private record Form(String tgt, String type, String fun, String args, String timeout) {
        JobSpec spec() {
            if (tgt.isEmpty() || fun.isEmpty()) {
                throw new IllegalArgumentException("Name a target and a function.");
            }
            List<String> words = Arrays.stream(args.split("\r?\n")).filter(w -> !w.isBlank()).toList();
            CallArguments a = CallArguments.parse(words);
            Duration limit = null;
            if (!timeout.isEmpty()) {
                try {
                    long seconds = Long.parseLong(timeout);
                    if (seconds < 1 || seconds > 86_400) {
                        throw new NumberFormatException();
                    }
                    limit = Duration.ofSeconds(seconds);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("The timeout is whole seconds from 1 to 86400.");
                }
            }
            return new JobSpec(tgt, TargetType.parse(type), fun, a.args(), a.kwargs(), limit, null, null);
        }

        String hidden() {
            return hiddenField("tgt", tgt) + hiddenField("tgt_type", type) + hiddenField("fun", fun)
                    + hiddenField("arg", args) + hiddenField("timeout", timeout);
        }

        private static String hiddenField(String name, String value) {
            return "<input type=\"hidden\" name=\"" + name + "\" value=\"" + Html.esc(value) + "\">";
        }
    }
}
