package io.brine.states.internal.jinja.filters;

import io.brine.states.internal.jinja.PyNone;
import io.brine.states.internal.jinja.python.PythonText;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** Salt's filters on text: shell quoting, hashes, base64, paths and truth of words like 'yes'. */
final class TextFilters {
    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private TextFilters() {}

    static List<NamedFilter> all() {
        return List.of(
                new NamedFilter("quote", (v, a) -> shellQuoted(PythonText.str(v))),
                new NamedFilter("base64_encode",
                        (v, a) -> Base64.getEncoder().encodeToString(PythonText.str(v).getBytes(StandardCharsets.UTF_8))),
                new NamedFilter("base64_decode",
                        (v, a) -> new String(Base64.getDecoder().decode(PythonText.str(v).strip()), StandardCharsets.UTF_8)),
                new NamedFilter("md5", (v, a) -> digest("MD5", v)),
                new NamedFilter("sha256", (v, a) -> digest("SHA-256", v)),
                new NamedFilter("sha512", (v, a) -> digest("SHA-512", v)),
                new NamedFilter("to_bool", (v, a) -> toBool(v)),
                new NamedFilter("path_join", (v, a) -> pathJoin(v, a.positional())),
                // Python's str(): True, None and ['a'] as Jinja prints them, where Jinjava's would give true, null, [a]
                new NamedFilter("string", (v, a) -> v == null ? "" : PythonText.str(v)));
    }

    /** Python's shlex.quote: safe words as they are, anything else in single quotes. */
    static String shellQuoted(String s) {
        if (s.isEmpty()) {
            return "''";
        }
        return SHELL_SAFE.matcher(s).matches() ? s : "'" + s.replace("'", "'\"'\"'") + "'";
    }

    private static String digest(String algorithm, Object value) {
        try {
            byte[] hash = MessageDigest.getInstance(algorithm).digest(PythonText.str(value).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is part of every JDK", e);
        }
    }

    /** Salt's path_join: the value and each argument joined as os.path.join does, an absolute part starting over. */
    static String pathJoin(Object first, List<Object> rest) {
        StringBuilder out = new StringBuilder(PythonText.str(first));
        for (Object part : rest) {
            String p = PythonText.str(part);
            if (p.startsWith("/")) {
                out.setLength(0);
            } else if (out.length() > 0 && out.charAt(out.length() - 1) != '/') {
                out.append('/');
            }
            out.append(p);
        }
        return out.toString();
    }

    /** Salt's to_bool: words yes/true/1 are true, numbers above zero, collections that are not empty. */
    static boolean toBool(Object value) {
        if (value == null || value == PyNone.NONE) {
            return false;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof CharSequence text) {
            return List.of("yes", "1", "true").contains(text.toString().toLowerCase(Locale.ROOT));
        }
        if (value instanceof Number n) {
            return n.doubleValue() > 0;
        }
        if (value instanceof Map<?, ?> map) {
            return !map.isEmpty();
        }
        return value instanceof Iterable<?> items && items.iterator().hasNext();
    }
}
