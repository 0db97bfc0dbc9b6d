package io.brine.states.internal.salt;

/**
 * Debian's version order (deb-version(7)), which Salt's {@code pkg.version_cmp} follows on Debian: epoch, then
 * upstream version, then revision, each compared as alternating non-digit and digit runs, where {@code ~} sorts
 * before anything, even the end.
 */
final class VersionOrder {
    private VersionOrder() {}

    static int compare(String a, String b) {
        String[] x = split(a);
        String[] y = split(b);
        int c = Long.compare(Long.parseLong(x[0]), Long.parseLong(y[0]));
        if (c == 0) {
            c = part(x[1], y[1]);
        }
        return Integer.signum(c == 0 ? part(x[2], y[2]) : c);
    }

    /** epoch, upstream, revision. */
    private static String[] split(String v) {
        String s = v.strip();
        String epoch = "0";
        int colon = s.indexOf(':');
        if (colon > 0 && s.substring(0, colon).matches("\\d+")) {
            epoch = s.substring(0, colon);
            s = s.substring(colon + 1);
        }
        int dash = s.lastIndexOf('-');
        return dash < 0 ? new String[] {epoch, s, ""} : new String[] {epoch, s.substring(0, dash), s.substring(dash + 1)};
    }

    private static int part(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() || j < b.length()) {
            int firstDiff = 0;
            while ((i < a.length() && !Character.isDigit(a.charAt(i))) || (j < b.length() && !Character.isDigit(b.charAt(j)))) {
                int ac = order(a, i);
                int bc = order(b, j);
                if (ac != bc) {
                    return ac - bc;
                }
                i++;
                j++;
            }
            while (i < a.length() && a.charAt(i) == '0') {
                i++;
            }
            while (j < b.length() && b.charAt(j) == '0') {
                j++;
            }
            while (i < a.length() && Character.isDigit(a.charAt(i)) && j < b.length() && Character.isDigit(b.charAt(j))) {
                if (firstDiff == 0) {
                    firstDiff = a.charAt(i) - b.charAt(j);
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
            if (firstDiff != 0) {
                return firstDiff;
            }
        }
        return 0;
    }

    /** dpkg's weight of the character at {@code i}: ~ lowest, then the end, then letters, then the rest. */
    private static int order(String s, int i) {
        if (i >= s.length() || Character.isDigit(s.charAt(i))) {
            return 0;
        }
        char c = s.charAt(i);
        if (c == '~') {
            return -1;
        }
        return Character.isLetter(c) ? c : c + 256;
    }
}
