package io.brine.minion.extension;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small YAML document read with the line of every value, so that a manifest's mistake is reported at its line
 * however deeply it sits ({@code functions: greet: params: - {typ: string}}), as the configuration files' are.
 * Mappings are {@code Map<String, Node>}, sequences {@code List<Node>}, scalars plain values.
 */
final class LocatedYaml {
    private static final YAMLFactory FACTORY = new YAMLFactory();

    /** A value and the line it starts on. */
    record Node(Object value, int line) {
    }

    private LocatedYaml() {
    }

    /** The document's root, or null for an empty document. */
    static Node parse(String yaml, String origin) throws ManifestException {
        try (JsonParser p = FACTORY.createParser(yaml)) {
            return p.nextToken() == null ? null : read(p);
        } catch (JsonParseFailure e) {
            throw new ManifestException(origin + ":" + e.line + ": " + e.getMessage());
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new ManifestException(origin + ":" + line + ": invalid YAML: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ManifestException(origin + ": cannot read: " + e.getMessage());
        }
    }

    private static Node read(JsonParser p) throws IOException {
        int line = p.currentLocation().getLineNr();
        JsonToken t = p.currentToken();
        return switch (t) {
            case START_OBJECT -> {
                Map<String, Node> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    int keyLine = p.currentLocation().getLineNr();
                    p.nextToken();
                    Node value = read(p);
                    if (map.putIfAbsent(key, new Node(value.value(), keyLine)) != null) {
                        throw new JsonParseFailure(keyLine, "key '" + key + "' appears twice");
                    }
                }
                yield new Node(map, line);
            }
            case START_ARRAY -> {
                List<Node> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(read(p));
                }
                yield new Node(list, line);
            }
            case VALUE_STRING -> new Node(p.getText(), line);
            case VALUE_NUMBER_INT -> new Node(p.getNumberValue(), line);
            case VALUE_NUMBER_FLOAT -> new Node(p.getDoubleValue(), line);
            case VALUE_TRUE -> new Node(Boolean.TRUE, line);
            case VALUE_FALSE -> new Node(Boolean.FALSE, line);
            case VALUE_NULL -> new Node(null, line);
            default -> throw new JsonParseFailure(line, "unexpected " + t);
        };
    }

    /** Plain Java values of {@code node}: maps, lists and scalars without their lines (a parameter's default). */
    static Object plain(Node node) {
        if (node == null) {
            return null;
        }
        if (node.value() instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put((String) k, plain((Node) v)));
            return out;
        }
        if (node.value() instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(v -> out.add(plain((Node) v)));
            return out;
        }
        return node.value();
    }

    /** A mistake the reader itself finds (a key twice), with its line. */
    static final class JsonParseFailure extends IOException {
        private static final long serialVersionUID = 1L;
        final int line;

        JsonParseFailure(int line, String message) {
            super(message);
            this.line = line;
        }
    }
}
