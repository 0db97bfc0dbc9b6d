package io.brine.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A reader of the Prometheus text exposition format (version 0.0.4), for tests: each sample by its name and labels,
 * and each family's HELP and TYPE. Lines are parsed one by one, labels with their escapes; a line that is no sample,
 * comment or blank fails the test naming it, so a broken exposition cannot pass as an empty one.
 *
 * <pre>{@code
 * PrometheusText t = PrometheusText.parse(body);
 * t.value("brine_returns_total", Map.of("outcome", "ok"));   // 100.0
 * }</pre>
 */
final class PrometheusText {
    final Map<String, Double> samples = new HashMap<>();
    final Map<String, String> help = new HashMap<>();
    final Map<String, String> types = new HashMap<>();

    static PrometheusText parse(String body) {
        PrometheusText t = new PrometheusText();
        for (String line : body.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("# HELP ") || line.startsWith("# TYPE ")) {
                String rest = line.substring(7);
                int space = rest.indexOf(' ');
                (line.startsWith("# HELP ") ? t.help : t.types).put(rest.substring(0, space), rest.substring(space + 1));
            } else if (!line.startsWith("#")) {
                t.sample(line);
            }
        }
        return t;
    }

    private void sample(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') {
            i++;
        }
        String name = line.substring(0, i);
        Map<String, String> labels = new TreeMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i++;
            while (line.charAt(i) != '}') {
                int eq = line.indexOf('=', i);
                String label = line.substring(i, eq).trim();
                if (line.charAt(eq + 1) != '"') {
                    throw new AssertionError("label without a quoted value: " + line);
                }
                StringBuilder value = new StringBuilder();
                int j = eq + 2;
                for (; line.charAt(j) != '"'; j++) {
                    char c = line.charAt(j);
                    if (c == '\\') {
                        char next = line.charAt(++j);
                        value.append(next == 'n' ? '\n' : next);
                    } else {
                        value.append(c);
                    }
                }
                labels.put(label, value.toString());
                i = j + 1;
                if (line.charAt(i) == ',') {
                    i++;
                }
            }
            i++;
        }
        String[] rest = line.substring(i).trim().split(" ");
        if (name.isEmpty() || rest.length < 1 || rest.length > 2) {
            throw new AssertionError("not a sample line: " + line);
        }
        samples.put(key(name, labels), value(rest[0]));
    }

    private static double value(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    private static String key(String name, Map<String, String> labels) {
        return name + new TreeMap<>(labels);
    }

    /** The sample's value; fails naming the sample if the exposition has none. */
    double value(String name, Map<String, String> labels) {
        Double v = samples.get(key(name, labels));
        if (v == null) {
            throw new AssertionError("no sample " + key(name, labels) + " among " + new TreeMap<>(samples).keySet());
        }
        return v;
    }

    /** The sample's value, or 0 when the exposition has none yet (a labelled counter before its first event). */
    double valueOrZero(String name, Map<String, String> labels) {
        return samples.getOrDefault(key(name, labels), 0.0);
    }
}
