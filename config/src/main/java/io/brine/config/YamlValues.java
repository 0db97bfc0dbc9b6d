package io.brine.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * YAML read into plain Java values: {@code LinkedHashMap}, {@code ArrayList}, {@code String}, {@code Integer},
 * {@code Long} or {@code BigInteger}, {@code Double}, {@code Boolean}, {@code byte[]} (for {@code !!binary}) and
 * null, the same values jackson-databind's {@code treeToValue(readTree(p), Object.class)} gives.
 *
 * <p>It walks the streaming parser itself so that what reads a configuration file or a command-line argument
 * (every {@code brine} command, every minion at start) never loads jackson-databind: some 350 classes and
 * their caches, a tenth of a second of a CLI run and megabytes of a minion's resident memory.
 *
 * <pre>{@code
 * Object v = YamlValues.parse("[1, two, {three: 3.0}]");   // [1, "two", {three=3.0}]
 * }</pre>
 */
public final class YamlValues {
    static final YAMLFactory FACTORY = new YAMLFactory();

    private YamlValues() {
    }

    /** The value of a whole YAML document; null for an empty one. */
    public static Object parse(String yaml) throws IOException {
        try (JsonParser p = FACTORY.createParser(yaml)) {
            return p.nextToken() == null ? null : read(p);
        }
    }

    /** The value that starts at the parser's current token; leaves the parser on that value's last token. */
    public static Object read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) {
            throw new IOException("no value to read");
        }
        return switch (t) {
            case START_OBJECT -> readMap(p);
            case START_ARRAY -> readList(p);
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getNumberValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            case VALUE_EMBEDDED_OBJECT -> p.getEmbeddedObject();
            default -> throw new IOException("unexpected " + t + " in YAML");
        };
    }

    private static Map<String, Object> readMap(JsonParser p) throws IOException {
        Map<String, Object> map = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            map.put(key, read(p));
        }
        return map;
    }

    private static List<Object> readList(JsonParser p) throws IOException {
        List<Object> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            list.add(read(p));
        }
        return list;
    }
}
