package io.brine.states.internal.compiler;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads YAML into {@link YamlNode}s with line numbers, through Jackson's streaming parser because
 * the tree model forgets locations. Duplicate keys are errors: in a state file a repeated ID almost
 * always means one declaration silently replaced another. Anchors, aliases and merge keys
 * ({@code <<: *defaults}) work as in PyYAML, which Salt uses: merged keys come first, and a key
 * written in the mapping itself wins over a merged one.
 */
final class YamlReader {
    private static final YAMLFactory FACTORY = new YAMLFactory();
    private static final String MERGE = "<<";
    private final Map<String, YamlNode> anchors = new HashMap<>();
    /** How many mappings the parser is inside: 0 at the document's top, where keys are state IDs. */
    private int depth;
    private final String file;

    private YamlReader(String file) {
        this.file = file;
    }

    /** The document's root, or null for an empty document. */
    static YamlNode read(String text, String file) throws CompileException {
        return new YamlReader(file).document(text);
    }

    private YamlNode document(String text) throws CompileException {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return null;
            }
            YamlNode root = node(parser, file);
            if (parser.nextToken() != null) {
                throw new CompileException(file, line(parser), "more than one YAML document");
            }
            return root;
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new CompileException(file, line, "bad YAML: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new CompileException(file, 0, "cannot read YAML: " + e.getMessage());
        }
    }

    private YamlNode node(JsonParser parser, String file) throws IOException, CompileException {
        if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
            YamlNode target = anchors.get(parser.getText());
            if (target == null) {
                throw new CompileException(file, line(parser), "unknown alias '*" + parser.getText() + "'");
            }
            return target;
        }
        Object anchor = parser.getObjectId();
        YamlNode node = plainNode(parser, file);
        if (anchor != null) {
            anchors.put(anchor.toString(), node);
        }
        return node;
    }

    private YamlNode plainNode(JsonParser parser, String file) throws IOException, CompileException {
        int line = line(parser);
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT: {
                List<YamlNode.Entry> entries = new ArrayList<>();
                List<YamlNode.Entry> merged = new ArrayList<>();
                Map<String, Integer> seen = new HashMap<>();
                boolean top = depth == 0;
                depth++;
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    int keyLine = line(parser);
                    parser.nextToken();
                    YamlNode value = node(parser, file);
                    if (key.equals(MERGE)) {
                        merged.addAll(mergeable(value, keyLine));
                        continue;
                    }
                    Integer first = seen.putIfAbsent(key, keyLine);
                    if (first != null) {
                        // Salt's YAML loader refuses these too ("found conflicting ID")
                        throw new CompileException(file, keyLine, (top ? "found conflicting ID '" : "duplicate key '")
                                + key + "' at lines " + first + " and " + keyLine);
                    }
                    entries.add(new YamlNode.Entry(key, keyLine, value));
                }
                depth--;
                List<YamlNode.Entry> all = new ArrayList<>();
                Set<String> taken = new HashSet<>(seen.keySet());
                for (YamlNode.Entry e : merged) {
                    if (taken.add(e.key())) {
                        all.add(e);
                    }
                }
                all.addAll(entries);
                return new YamlNode.Mapping(List.copyOf(all), line);
            }
            case START_ARRAY: {
                List<YamlNode> items = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    items.add(node(parser, file));
                }
                return new YamlNode.Sequence(List.copyOf(items), line);
            }
            case VALUE_NULL:
                return new YamlNode.Scalar(null, null, line);
            case VALUE_TRUE:
            case VALUE_FALSE:
                return new YamlNode.Scalar(parser.getBooleanValue(), parser.getText(), line);
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return new YamlNode.Scalar(parser.getNumberValue(), parser.getText(), line);
            default:
                return new YamlNode.Scalar(parser.getText(), parser.getText(), line);
        }
    }

    /** The entries a merge key brings: one mapping's, or each mapping's of a list, the earlier winning. */
    private List<YamlNode.Entry> mergeable(YamlNode value, int line) throws CompileException {
        if (value instanceof YamlNode.Mapping m) {
            return m.entries();
        }
        if (value instanceof YamlNode.Sequence seq) {
            List<YamlNode.Entry> out = new ArrayList<>();
            Set<String> keys = new HashSet<>();
            for (YamlNode item : seq.items()) {
                for (YamlNode.Entry e : mergeable(item, line)) {
                    if (keys.add(e.key())) {
                        out.add(e);
                    }
                }
            }
            return out;
        }
        throw new CompileException(file, line, "'<<' must merge a mapping or a list of mappings");
    }

    private static int line(JsonParser parser) {
        return parser.currentTokenLocation().getLineNr();
    }
}
