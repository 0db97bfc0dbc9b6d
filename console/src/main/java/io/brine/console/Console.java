package io.brine.console;

import com.sun.net.httpserver.HttpExchange;
import io.brine.api.TokenStore;
import io.brine.api.WebConsole;
import io.brine.http.HttpListener;
import io.brine.master.AccessDeniedException;
import io.brine.master.AuditUnavailableException;
import io.brine.master.Master;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * The console's one entry: sign-in (a session cookie or the API's bearer header), the form token on every
 * state-changing request, then the page. Routes are a fixed list matched by method and path; a page reads and
 * acts only through the viewer's own {@code token:NAME} client, so every refusal is the master's, and audited
 * where the master audits it.
 */
final class Console implements WebConsole {
    static final String COOKIE = "brine_session";
    private static final Logger LOG = System.getLogger(Console.class.getName());

    private final TokenStore tokens;
    private final boolean tls;
    private final Sessions sessions;
    private final Assets assets;
    private final FleetPages fleet;
    private final JobPages jobs;
    private final RunPage run;
    private final KeyPages keys;
    private final EventPages events;
    private final OverviewPage overview;
    private final LiveStreams live;
    final LongAdder refusedForms = new LongAdder();
    final LongAdder failedSignIns = new LongAdder();

    Console(Master master, TokenStore tokens, boolean tls, Sessions sessions) {
        this.tokens = tokens;
        this.tls = tls;
        this.sessions = sessions;
        this.assets = new Assets();
        this.live = new LiveStreams();
        this.fleet = new FleetPages(master);
        this.jobs = new JobPages(master, live);
        this.run = new RunPage(master);
        this.keys = new KeyPages(master);
        this.events = new EventPages(master, live);
        this.overview = new OverviewPage(master, new ReturnHistory(master.events(), java.time.Clock.systemUTC()));
    }

    @Override
    public void handle(HttpExchange raw) throws IOException {
        Exchange x = new Exchange(raw);
        try {
            answer(raw, x);
        } catch (ConsoleException e) {
            x.html(e.status, Layout.page(e.status == 404 ? "Not found" : "Refused", null, "",
                    "<p class=\"error\" role=\"alert\">" + Html.esc(e.getMessage()) + "</p>"
                    + "<p><a href=\"/ui/\">Back to the console</a></p>"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void answer(HttpExchange raw, Exchange x) throws IOException, InterruptedException {
        List<String> path = x.segments();
        String method = x.method();
        if (!x.path().endsWith("/") && path.isEmpty()) {
            x.redirect("/ui/");
            return;
        }
        if (!path.isEmpty() && path.get(0).equals("assets") && path.size() == 2 && method.equals("GET")) {
            assets.serve(x, path.get(1));
            return;
        }
        if (path.equals(List.of("login"))) {
            if (method.equals("POST")) {
                requireSameOrigin(x); // another site must not sign a browser in as its own token
                signIn(x);
            } else {
                x.html(200, LoginPage.render(x.query("ended")));
            }
            return;
        }
        Optional<Viewer> signedIn = viewer(x);
        if (signedIn.isEmpty()) {
            boolean bearer = x.header("Authorization").isPresent(); // a script: told 401, not sent to a form
            if (method.equals("GET") && !bearer && !x.fromHtmx()
                    && !x.header("Accept").orElse("").contains("event-stream")) {
                x.redirect("/ui/login");
            } else {
                x.setHeader("WWW-Authenticate", "Bearer");
                throw new ConsoleException(401, "Sign in first.");
            }
            return;
        }
        Viewer viewer = signedIn.get();
        raw.setAttribute(HttpListener.AUTHENTICATED, Boolean.TRUE);
        if (!method.equals("GET") && viewer.csrf() != null) {
            requireSameOrigin(x);
        }
        if (!method.equals("GET") && viewer.csrf() != null
                && !Sessions.sameToken(viewer.csrf(), x.field("csrf"))) {
            refusedForms.increment();
            throw new ConsoleException(403, "The form's CSRF token is missing or wrong: nothing was done. "
                    + "Reload the page and try again.");
        }
        try {
            route(x, viewer, method, path);
        } catch (AccessDeniedException e) {
            x.html(403, Layout.page("Refused", viewer, "", "<p class=\"error\" role=\"alert\">"
                    + Html.esc(e.getMessage()) + "</p>"));
        } catch (AuditUnavailableException e) {
            x.html(503, Layout.page("Not done", viewer, "", "<p class=\"error\" role=\"alert\">"
                    + Html.esc(e.getMessage()) + "</p>"));
        }
    }

    private void route(Exchange x, Viewer v, String method, List<String> p) throws IOException,
            InterruptedException {
        int n = p.size();
        String first = n == 0 ? "" : p.get(0);
        boolean get = method.equals("GET");
        boolean post = method.equals("POST");
        if (n == 0 && get) {
            fleet.list(x, v);
        } else if (n == 2 && first.equals("minions") && get) {
            fleet.show(x, v, p.get(1));
        } else if (n == 1 && first.equals("jobs") && get) {
            jobs.list(x, v);
        } else if (n == 2 && first.equals("jobs") && get) {
            jobs.show(x, v, p.get(1));
        } else if (n == 3 && first.equals("jobs") && p.get(2).equals("live") && get) {
            jobs.follow(x, v, p.get(1), () -> stillSignedIn(x));
        } else if (n == 3 && first.equals("jobs") && p.get(2).equals("kill") && post) {
            jobs.kill(x, v, p.get(1));
        } else if (n == 1 && first.equals("run") && (get || post)) {
            run.answer(x, v, post);
        } else if (n == 1 && first.equals("keys") && get) {
            keys.list(x, v);
        } else if (n == 3 && first.equals("keys") && KeyPages.ACTIONS.contains(p.get(2)) && (get || post)) {
            keys.change(x, v, p.get(1), p.get(2), post);
        } else if (n == 1 && first.equals("events") && get) {
            events.page(x, v);
        } else if (n == 2 && first.equals("events") && p.get(1).equals("live") && get) {
            events.follow(x, v, () -> stillSignedIn(x));
        } else if (n == 1 && first.equals("overview") && get) {
            overview.page(x, v);
        } else if (n == 2 && first.equals("overview") && p.get(1).equals("data") && get) {
            overview.data(x, v);
        } else if (n == 1 && first.equals("logout") && post) {
            x.cookie(COOKIE).ifPresent(sessions::close);
            x.addHeader("Set-Cookie", cookie("", 0));
            x.redirect("/ui/login");
        } else {
            throw ConsoleException.notFound("No such page: " + method + " " + Html.cut(x.path(), 80));
        }
    }

    /** Whether the request's token still signs it in (asked again while a live stream is open). */
    private boolean stillSignedIn(Exchange x) {
        return viewer(x).isPresent();
    }

    /**
     * The request's viewer: the bearer header's token, else the session cookie's, each authenticated by the token
     * store now (a revoked or expired token signs nothing in, and its session is ended).
     */
    private Optional<Viewer> viewer(Exchange x) {
        Optional<String> bearer = x.header("Authorization").filter(h -> h.regionMatches(true, 0, "Bearer ", 0, 7))
                .map(h -> h.substring(7).trim());
        if (bearer.isPresent()) {
            return tokens.authenticate(bearer.get()).map(name -> new Viewer(name, x.remote(), null));
        }
        Optional<Sessions.Session> session = x.cookie(COOKIE).flatMap(sessions::find);
        if (session.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> name = tokens.authenticate(session.get().token());
        if (name.isEmpty()) {
            sessions.close(session.get().id());
            return Optional.empty();
        }
        return Optional.of(new Viewer(name.get(), x.remote(), session.get().csrf()));
    }

    /**
     * Refuses (403) a state-changing request another site's page made the browser send: its {@code Sec-Fetch-Site}
     * or {@code Origin} says so. The form token already stops them once signed in; signing in has none to check.
     */
    private static void requireSameOrigin(Exchange x) {
        String site = x.header("Sec-Fetch-Site").orElse("same-origin");
        boolean crossSite = !site.equals("same-origin") && !site.equals("none");
        boolean otherOrigin = x.header("Origin").filter(o -> !o.equals("null"))
                .map(o -> !o.replaceFirst("^https?://", "").equals(x.header("Host").orElse("")))
                .orElse(false);
        if (crossSite || otherOrigin) {
            throw new ConsoleException(403, "This form was sent from another site: nothing was done.");
        }
    }

    private void signIn(Exchange x) throws IOException {
        String token = x.field("token").trim();
        Optional<String> name = token.isEmpty() || token.length() > 512 ? Optional.empty()
                : tokens.authenticate(token);
        if (name.isEmpty()) {
            failedSignIns.increment(); // counted, and logged at DEBUG: a peer must not fill the log
            LOG.log(Level.DEBUG, "console: a sign-in with an unknown, revoked or expired token from " + x.remote());
            x.html(401, LoginPage.render("refused"));
            return;
        }
        x.cookie(COOKIE).ifPresent(sessions::close); // a new sign-in ends the browser's session before it
        Sessions.Session s = sessions.open(token);
        LOG.log(Level.INFO, "console: " + name.get() + " signed in from " + x.remote());
        x.addHeader("Set-Cookie", cookie(s.id(), (int) Sessions.LIFETIME.toSeconds()));
        x.redirect("/ui/");
    }

    /**
     * The session cookie: script cannot read it, another site cannot send it (SameSite=Strict), and over TLS it is
     * never sent in clear.
     */
    String cookie(String value, int maxAgeSeconds) {
        return COOKIE + "=" + value + "; Path=/ui; Max-Age=" + maxAgeSeconds + "; HttpOnly; SameSite=Strict"
                + (tls ? "; Secure" : "");
    }

    int sessionCount() {
        return sessions.size();
    }

    @Override
    public void close() {
        live.closeAll();
        overview.close();
    }
}
