package io.brine.modules.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Extension versions in the loose order Salt compares them in ({@code LooseVersion}): runs of digits compare as
 * numbers, other runs as text, so {@code 1.10} is newer than {@code 1.9}.
 */
final class PgVersions {
    private static final Pattern PART = Pattern.compile("\\d+|[a-zA-Z]+");

    private PgVersions() {
    }

    static boolean older(String a, String b) {
        return compare(a, b) < 0;
    }

    static int compare(String a, String b) {
        List<String> x = parts(a);
        List<String> y = parts(b);
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            String p = x.get(i);
            String q = y.get(i);
            boolean pn = Character.isDigit(p.charAt(0));
            boolean qn = Character.isDigit(q.charAt(0));
            int c = pn && qn ? new java.math.BigInteger(p).compareTo(new java.math.BigInteger(q))
                    : pn != qn ? (pn ? 1 : -1) : p.compareTo(q);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.size(), y.size());
    }

    private static List<String> parts(String version) {
        List<String> parts = new ArrayList<>();
        Matcher m = PART.matcher(version);
        while (m.find()) {
            parts.add(m.group());
        }
        return parts;
    }
}
