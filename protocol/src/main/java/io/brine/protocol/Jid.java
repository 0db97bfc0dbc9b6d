package io.brine.protocol;

import java.util.regex.Pattern;

/** Job ids are 20 digits, yyyyMMddHHmmss plus microseconds, as in Salt: unique per master and sortable by time. */
public final class Jid {
    private static final Pattern VALID = Pattern.compile("[0-9]{20}");

    private Jid() {
    }

    public static boolean isValid(String jid) {
        return jid != null && VALID.matcher(jid).matches();
    }

    public static String requireValid(String jid) {
        if (!isValid(jid)) {
            throw new IllegalArgumentException("invalid jid " + UntrustedText.quote(jid) + ": expected 20 digits");
        }
        return jid;
    }
}
