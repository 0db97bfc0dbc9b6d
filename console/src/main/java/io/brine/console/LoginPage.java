package io.brine.console;

/** The sign-in form: an API token (made with {@code brine token create} or {@code POST /tokens}). */
final class LoginPage {
    private LoginPage() {
    }

    /** {@code notice}: "refused" after a failed sign-in, anything else for none. */
    static String render(String notice) {
        String message = switch (notice) {
            case "refused" -> "<p class=\"error\" role=\"alert\">That token is unknown, revoked or expired.</p>";
            default -> "";
        };
        return Layout.page("Sign in", null, "", message
                + "<form class=\"login\" method=\"post\" action=\"/ui/login\">"
                + "<label for=\"token\">API token</label>"
                + "<input id=\"token\" name=\"token\" type=\"password\" autocomplete=\"off\" required autofocus>"
                + "<p class=\"hint\">Made with <code>brine token create NAME</code>; what it may see and do is what "
                + "<code>publisher_acl</code> grants <code>token:NAME</code>.</p>"
                + "<button type=\"submit\">Sign in</button></form>");
    }
}
