package io.brine.console;

import java.util.List;

/** The frame of every page: the head that loads the console's scripts, the navigation, the sign-out form. */
final class Layout {
    /** The pages in the navigation, with their paths (contracts: bookmarks and scripts reach them). */
    private static final List<String[]> NAV = List.of(new String[] {"fleet", "Fleet", "/ui/"},
            new String[] {"jobs", "Jobs", "/ui/jobs"}, new String[] {"run", "Run", "/ui/run"},
            new String[] {"keys", "Keys", "/ui/keys"}, new String[] {"events", "Events", "/ui/events"},
            new String[] {"overview", "Overview", "/ui/overview"});

    private Layout() {
    }

    /** A whole page: {@code body} is HTML already escaped where it holds untrusted text. */
    static String page(String title, Viewer viewer, String active, String body) {
        StringBuilder nav = new StringBuilder();
        for (String[] item : NAV) {
            nav.append("<li><a href=\"").append(item[2]).append('"')
                    .append(item[0].equals(active) ? " aria-current=\"page\"" : "").append('>').append(item[1])
                    .append("</a></li>");
        }
        String who = viewer == null ? "" : "<form class=\"signout\" method=\"post\" action=\"/ui/logout\">"
                + viewer.csrfField() + "<span>Signed in as <strong>" + Html.esc(viewer.tokenName())
                + "</strong></span> <button type=\"submit\">Sign out</button></form>";
        return head(title) + "<body><a class=\"skip\" href=\"#main\">Skip to content</a>"
                + "<header><span class=\"brand\">Brine</span>"
                + (viewer == null ? "" : "<nav aria-label=\"Console\"><ul>" + nav + "</ul></nav>" + who)
                + "</header><main id=\"main\"><h1>" + Html.esc(title) + "</h1>" + body + "</main></body></html>";
    }

    private static String head(String title) {
        // htmx: no inline indicator styles and no eval, so the Content-Security-Policy needs neither
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<meta name=\"htmx-config\" content='{\"includeIndicatorStyles\": false, \"allowEval\": false, "
                + "\"allowScriptTags\": false}'>"
                + "<title>" + Html.esc(title) + " · Brine</title>"
                + "<link rel=\"stylesheet\" href=\"/ui/assets/console.css\">"
                + "<script defer src=\"/ui/assets/htmx.js\"></script>"
                + "<script defer src=\"/ui/assets/sse.js\"></script></head>";
    }
}
