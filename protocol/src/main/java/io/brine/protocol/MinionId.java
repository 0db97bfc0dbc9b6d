package io.brine.protocol;

import java.util.regex.Pattern;

/**
 * The rules for a minion id. Ids become file names on the master (one key file per minion), so they are
 * never trusted: no path separators, no leading dot (hence no "." or ".."), a bounded length.
 */
public final class MinionId {
    public static final int MAX_LENGTH = 128;
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._@-]{0," + (MAX_LENGTH - 1) + "}");

    private MinionId() {
    }

    public static boolean isValid(String id) {
        return id != null && VALID.matcher(id).matches();
    }

    /** Returns the id, or throws naming it and the rule it breaks. */
    public static String requireValid(String id) {
        if (!isValid(id)) {
            throw new IllegalArgumentException("invalid minion id " + UntrustedText.quote(id) + ": use 1 to "
                    + MAX_LENGTH + " characters from A-Z a-z 0-9 . _ @ -, not starting with '.', '@' or '-'");
        }
        return id;
    }
}
