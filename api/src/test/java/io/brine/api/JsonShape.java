package io.brine.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Compares a documented JSON example with a real answer by shape, not by value: the same JSON types, and for
 * fixed-field objects the same keys (every documented key present, no undocumented one). Values that vary (jids,
 * times, pids, fingerprints) are not compared, except that a documented time ({@link #TIME}) must be answered as
 * one. Objects under {@link #KEYED} are maps keyed by minion ids or jids,
 * whose entries are compared with the documented entry of the same key, or else the first documented one; objects
 * under {@link #OPEN} (grains) must have the documented keys and may have others.
 *
 * <pre>{@code
 * List<String> problems = JsonShape.differences(documented, real);   // empty when they agree
 * }</pre>
 */
final class JsonShape {
    static final Set<String> KEYED = Set.of("returns", "missing", "minions");
    static final Set<String> OPEN = Set.of("grains");
    /** A time as the API prints every one: ISO-8601 UTC, with milliseconds unless they are zero. */
    static final Pattern TIME = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d(:\\d\\d(\\.\\d{3})?)?Z");

    private JsonShape() {
    }

    static List<String> differences(JsonNode documented, JsonNode real) {
        List<String> problems = new ArrayList<>();
        compare("$", "", documented, real, problems);
        return problems;
    }

    private static void compare(String where, String key, JsonNode doc, JsonNode real, List<String> problems) {
        if (doc.isNull()) {
            return;   // the document says only that it may be null
        }
        if (!type(doc).equals(type(real))) {
            problems.add(where + ": documented " + type(doc) + ", answered " + type(real) + " " + abbreviated(real));
            return;
        }
        if (doc.isTextual() && TIME.matcher(doc.asText()).matches() && !TIME.matcher(real.asText()).matches()) {
            problems.add(where + ": documented a time like " + doc.asText() + ", answered " + real.asText());
        } else if (doc.isArray()) {
            if (!doc.isEmpty()) {
                for (int i = 0; i < real.size(); i++) {
                    compare(where + "[" + i + "]", key, doc.get(0), real.get(i), problems);
                }
            }
        } else if (doc.isObject() && KEYED.contains(key)) {
            if (!doc.isEmpty()) {
                Iterator<Map.Entry<String, JsonNode>> entries = real.fields();
                while (entries.hasNext()) {
                    Map.Entry<String, JsonNode> e = entries.next();
                    JsonNode sample = doc.has(e.getKey()) ? doc.get(e.getKey()) : doc.elements().next();
                    compare(where + "." + e.getKey(), "", sample, e.getValue(), problems);
                }
            }
        } else if (doc.isObject()) {
            Set<String> documented = names(doc);
            Set<String> answered = names(real);
            Set<String> absent = new TreeSet<>(documented);
            absent.removeAll(answered);
            if (!absent.isEmpty()) {
                problems.add(where + ": documented keys not answered: " + absent);
            }
            Set<String> extra = new TreeSet<>(answered);
            extra.removeAll(documented);
            if (!extra.isEmpty() && !OPEN.contains(key)) {
                problems.add(where + ": answered keys not documented: " + extra);
            }
            for (String name : documented) {
                if (real.has(name)) {
                    compare(where + "." + name, name, doc.get(name), real.get(name), problems);
                }
            }
        }
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String type(JsonNode n) {
        return n.isNumber() ? "number" : n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static String abbreviated(JsonNode n) {
        String s = n.toString();
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
