package io.brine.release;

/**
 * Orders versions as dpkg does ({@code dpkg --compare-versions}), since a bundle is often the brine-minion .deb:
 * an optional epoch, then upstream and revision compared by alternating runs of non-digits (letters before other
 * characters, {@code ~} before everything, even the end) and digits (as numbers). {@code 0.2.0~rc1} is older than
 * {@code 0.2.0}, which is older than {@code 0.2.0.1}.
 */
public final class Versions {
    private Versions() {
    }

    /**
     * Negative, zero or positive as {@code a} is older than, the same as or newer than {@code b} (also Salt's
     * {@code pkg.version_cmp} on Debian). Surrounding blanks are ignored; an epoch is digits before a colon.
     */
    public static int compare(String a, String b) {
        String[] x = split(a);
        String[] y = split(b);
        int c = new java.math.BigInteger(x[0]).compareTo(new java.math.BigInteger(y[0]));
        if (c == 0) {
            c = part(x[1], y[1]);
        }
        return Integer.signum(c == 0 ? part(x[2], y[2]) : c);
    }

    /** Epoch, upstream version, revision. */
    private static String[] split(String v) {
        String s = v.strip();
        String epoch = "0";
        int colon = s.indexOf(':');
        if (colon > 0 && s.substring(0, colon).chars().allMatch(Character::isDigit)) {
            epoch = s.substring(0, colon);
            s = s.substring(colon + 1);
        }
        int dash = s.lastIndexOf('-');
        return dash < 0 ? new String[] {epoch, s, ""}
                : new String[] {epoch, s.substring(0, dash), s.substring(dash + 1)};
    }

    private static int part(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() || j < b.length()) {
            int first = 0;
            while ((i < a.length() && !Character.isDigit(a.charAt(i)))
                    || (j < b.length() && !Character.isDigit(b.charAt(j)))) {
                int ca = i < a.length() && !Character.isDigit(a.charAt(i)) ? order(a.charAt(i)) : 0;
                int cb = j < b.length() && !Character.isDigit(b.charAt(j)) ? order(b.charAt(j)) : 0;
                if (ca != cb) {
                    return ca - cb;
                }
                if (i < a.length() && !Character.isDigit(a.charAt(i))) {
                    i++;
                }
                if (j < b.length() && !Character.isDigit(b.charAt(j))) {
                    j++;
                }
            }
            while (i < a.length() && a.charAt(i) == '0') {
                i++;
            }
            while (j < b.length() && b.charAt(j) == '0') {
                j++;
            }
            while (i < a.length() && Character.isDigit(a.charAt(i)) && j < b.length()
                    && Character.isDigit(b.charAt(j))) {
                if (first == 0) {
                    first = a.charAt(i) - b.charAt(j);
                }
                i++;
                j++;
            }
            if (i < a.length() && Character.isDigit(a.charAt(i))) {
                return 1;
            }
            if (j < b.length() && Character.isDigit(b.charAt(j))) {
                return -1;
            }
            if (first != 0) {
                return first;
            }
        }
        return 0;
    }

    /** dpkg's character order: ~ first, then the end of the string, then letters, then everything else. */
    private static int order(char c) {
        if (c == '~') {
            return -1;
        }
        if (Character.isLetter(c)) {
            return c;
        }
        return c + 256;
    }
}
