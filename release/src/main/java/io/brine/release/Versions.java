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

    /** Negative, zero or positive as {@code a} is older than, the same as or newer than {@code b}. */
    public static int compare(String a, String b) {
        long ea = epoch(a);
        long eb = epoch(b);
        if (ea != eb) {
            return Long.compare(ea, eb);
        }
        String ra = withoutEpoch(a);
        String rb = withoutEpoch(b);
        int dashA = ra.lastIndexOf('-');
        int dashB = rb.lastIndexOf('-');
        int up = part(dashA < 0 ? ra : ra.substring(0, dashA), dashB < 0 ? rb : rb.substring(0, dashB));
        if (up != 0) {
            return up;
        }
        return part(dashA < 0 ? "" : ra.substring(dashA + 1), dashB < 0 ? "" : rb.substring(dashB + 1));
    }

    private static long epoch(String v) {
        int colon = v.indexOf(':');
        if (colon <= 0) {
            return 0;
        }
        try {
            return Long.parseLong(v.substring(0, colon));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String withoutEpoch(String v) {
        int colon = v.indexOf(':');
        return colon < 0 ? v : v.substring(colon + 1);
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
