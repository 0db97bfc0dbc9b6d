package io.brine.states.internal.compiler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A parsed YAML value that remembers its line, so compile errors can point at the source. */
sealed interface YamlNode permits YamlNode.Mapping, YamlNode.Sequence, YamlNode.Scalar {
    int line();

    /** The value as plain Java data (maps, lists, strings, numbers, booleans, null). */
    Object plain();

    record Entry(String key, int line, YamlNode value) {}

    record Mapping(List<Entry> entries, int line) implements YamlNode {
        Optional<Entry> get(String key) {
            return entries.stream().filter(e -> e.key().equals(key)).findFirst();
        }

        @Override
        public Object plain() {
            Map<String, Object> out = new LinkedHashMap<>();
            entries.forEach(e -> out.put(e.key(), e.value().plain()));
            return out;
        }
    }

    record Sequence(List<YamlNode> items, int line) implements YamlNode {
        @Override
        public Object plain() {
            List<Object> out = new ArrayList<>();
            items.forEach(i -> out.add(i.plain()));
            return out;
        }
    }

    /**
     * @param text the scalar as written; numbers like {@code 0644} or {@code 1.10} keep it, because a
     *     file mode or a package version must not be reinterpreted as a decimal number
     */
    record Scalar(Object value, String text, int line) implements YamlNode {
        @Override
        public Object plain() {
            if (value instanceof Number && text != null && !text.equals(String.valueOf(value))) {
                return text;
            }
            return value;
        }

        String asString() {
            return value == null ? null : text != null ? text : String.valueOf(value);
        }
    }
}
