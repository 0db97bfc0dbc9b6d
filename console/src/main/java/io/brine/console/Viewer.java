package io.brine.console;

import io.brine.master.Master;
import io.brine.master.MasterClient;
import io.brine.master.MasterKeys;

/**
 * Who is looking: the API token a request was signed in with, by name, acting as {@code token:NAME} exactly as the
 * REST API does, so {@code publisher_acl} and the audit log see the console as they see the API.
 *
 * @param tokenName the token's name
 * @param remote    the browser's address, recorded in the audit log
 * @param csrf      the session's form token, or null for a request signed with the bearer header (no cookie, so
 *                  nothing another site could ride on)
 */
record Viewer(String tokenName, String remote, String csrf) {
    String identity() {
        return "token:" + tokenName;
    }

    MasterClient client(Master master) {
        return master.client().as(identity(), remote);
    }

    MasterKeys keys(Master master) {
        return master.keys().as(identity(), remote);
    }

    /** The hidden field every state-changing form carries (empty for a bearer request, which needs none). */
    String csrfField() {
        return csrf == null ? "" : "<input type=\"hidden\" name=\"csrf\" value=\"" + Html.esc(csrf) + "\">";
    }
}
