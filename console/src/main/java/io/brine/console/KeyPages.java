package io.brine.console;

import io.brine.master.KeyList;
import io.brine.master.Master;
import io.brine.master.MasterKeys;
import io.brine.protocol.MinionId;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * Keys ({@code /ui/keys}): pending, accepted, rejected and denied, each with its fingerprint; accepting, rejecting
 * or deleting one asks first on a page that shows the fingerprint ({@code /ui/keys/ID/ACTION}), and the change is
 * made only if the key is still the one confirmed. Needs {@code @keys}, as {@code brine key} and the API do.
 */
final class KeyPages {
    static final Set<String> ACTIONS = Set.of("accept", "reject", "delete");

    private final Master master;

    KeyPages(Master master) {
        this.master = master;
    }

    void list(Exchange x, Viewer v) throws IOException {
        MasterKeys keys = v.keys(master);
        KeyList list = keys.list();
        String body = section("Pending", "pending", list.pending(), keys, List.of("accept", "reject", "delete"))
                + section("Accepted", "accepted", list.accepted(), keys, List.of("reject", "delete"))
                + section("Rejected", "rejected", list.rejected(), keys, List.of("delete"))
                + section("Denied", "denied", list.denied(), keys, List.of("delete"));
        x.html(200, Layout.page("Keys", v, "keys", body));
    }

    /** {@code post}: make the change confirmed; else the page asking to confirm it. */
    void change(Exchange x, Viewer v, String id, String action, boolean post) throws IOException {
        if (!MinionId.isValid(id)) {
            throw ConsoleException.notFound("No key: that is not a valid minion id.");
        }
        MasterKeys keys = v.keys(master);
        keys.list(); // @keys, refused and audited before anything is shown
        String finger = keys.fingerprint(id).orElseThrow(() -> ConsoleException.notFound("No key for '" + id + "'."));
        if (!post) {
            x.html(200, Layout.page(capital(action) + " " + id, v, "keys", "<p>" + capital(action) + " the key of <strong>"
                    + Html.esc(id) + "</strong>? Compare its fingerprint with the one the machine shows "
                    + "(<code>brine-minion key finger</code> on it):</p><p><code id=\"fingerprint\">" + Html.esc(finger)
                    + "</code></p><form method=\"post\" action=\"/ui/keys/" + Html.esc(Html.url(id)) + "/" + action
                    + "\">" + v.csrfField() + "<input type=\"hidden\" name=\"fingerprint\" value=\"" + Html.esc(finger)
                    + "\"><button type=\"submit\" id=\"confirm\" class=\"" + (action.equals("accept") ? "" : "danger")
                    + "\">" + capital(action) + "</button> <a href=\"/ui/keys\">Cancel</a></form>"));
            return;
        }
        if (!finger.equals(x.field("fingerprint"))) {
            throw new ConsoleException(409, "The key of '" + id + "' is not the one you confirmed (its fingerprint is "
                    + "now " + finger + "); nothing was changed.");
        }
        boolean done = switch (action) {
            case "accept" -> keys.accept(id);
            case "reject" -> keys.reject(id);
            default -> keys.delete(id);
        };
        if (!done) {
            throw new ConsoleException(409, "The key of '" + id + "' cannot be " + java.util.Map.of("accept", "accepted", "reject",
                    "rejected", "delete", "deleted").get(action) + " as it is filed now (only a pending key is accepted); nothing was changed.");
        }
        x.redirect("/ui/keys");
    }

    private static String section(String title, String status, List<String> ids, MasterKeys keys,
            List<String> actions) {
        StringBuilder rows = new StringBuilder();
        for (String id : ids.stream().sorted().toList()) {
            rows.append("<tr data-key=\"").append(Html.esc(id)).append("\"><th scope=\"row\">").append(Html.esc(id))
                    .append("</th><td><code>").append(Html.esc(keys.fingerprint(id).orElse(""))).append("</code></td><td>");
            for (String a : actions) {
                rows.append("<a class=\"button\" href=\"/ui/keys/").append(Html.esc(Html.url(id))).append('/').append(a)
                        .append("\">").append(capital(a)).append("</a> ");
            }
            rows.append("</td></tr>");
        }
        return "<section id=\"keys-" + status + "\"><h2>" + title + " <small>(" + ids.size() + ")</small></h2>"
                + (ids.isEmpty() ? "<p>None.</p>" : "<table><thead><tr><th scope=\"col\">Minion</th><th scope=\"col\">"
                + "Fingerprint</th><th scope=\"col\">Actions</th></tr></thead><tbody>" + rows + "</tbody></table>")
                + "</section>";
    }

    private static String capital(String action) {
        return Character.toUpperCase(action.charAt(0)) + action.substring(1);
    }
}
