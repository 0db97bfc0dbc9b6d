package io.brine.states.internal.jinja.filters;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.brine.states.internal.jinja.PyNone;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.yaml.snakeyaml.DumperOptions;

/**
 * Template values to and from JSON and YAML text, as Python's json and PyYAML write them: keys sorted,
 * {@code ", "} and {@code ": "} between JSON items, YAML in flow style unless asked otherwise. Values are turned
 * into plain maps, lists and scalars first, so Jackson never serializes a Java object's getters.
 */
final class JacksonData {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
            .build();
    private static final YAMLMapper FLOW_YAML = yaml(DumperOptions.FlowStyle.FLOW);
    private static final YAMLMapper BLOCK_YAML = yaml(DumperOptions.FlowStyle.BLOCK);

    private JacksonData() {}

    private static YAMLMapper yaml(DumperOptions.FlowStyle style) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(style);
        options.setIndent(2); // and lists in dicts unindented, as PyYAML writes them
        options.setWidth(Integer.MAX_VALUE);
        YAMLFactory factory = YAMLFactory.builder().dumperOptions(options)
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                .build();
        return new YAMLMapper(factory);
    }

    static String json(Object value) {
        try {
            return JSON.writer(new PythonSeparators()).writeValueAsString(plain(value));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write JSON: " + e.getMessage());
        }
    }

    static String yaml(Object value, boolean flow) {
        try {
            String text = (flow ? FLOW_YAML : BLOCK_YAML).writeValueAsString(plain(value)).strip();
            return text.endsWith("\n...") ? text.substring(0, text.length() - 4).strip() : text;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write YAML: " + e.getMessage());
        }
    }

    static Object readJson(String text) {
        try {
            return JSON.readValue(text, Object.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("load_json: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    static Object readYaml(String text) {
        try {
            return FLOW_YAML.readValue(text, Object.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("load_yaml: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** Maps sorted by key (as Python's dumpers sort), lists, and scalars; None is null. */
    static Object plain(Object value) {
        if (value == null || value == PyNone.NONE) {
            return null;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new TreeMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), plain(v)));
            return out;
        }
        if (value instanceof Map.Entry<?, ?> entry) {
            return List.of(String.valueOf(entry.getKey()), plain(entry.getValue()));
        }
        if (value instanceof Iterable<?> items) {
            List<Object> out = new ArrayList<>();
            items.forEach(item -> out.add(plain(item)));
            return out;
        }
        if (value instanceof Boolean || value instanceof Number) {
            return value;
        }
        return value.toString();
    }

    /** Python's json.dumps puts a space after ',' and ':'. */
    private static final class PythonSeparators extends MinimalPrettyPrinter {
        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            g.writeRaw(", ");
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(", ");
        }
    }
}
