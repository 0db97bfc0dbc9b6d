package io.brine.states.internal.compiler;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads YAML into {@link YamlNode}s with line numbers, through Jackson's streaming parser because
 * the tree model forgets locations. Duplicate keys are errors: in a state file a repeated ID almost
 * always means one declaration silently replaced another.
 */
final class YamlReader {
  private static final YAMLFactory FACTORY = new YAMLFactory();

  private YamlReader() {}

  /** The document's root, or null for an empty document. */
  static YamlNode read(String text, String file) throws CompileException {
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

  private static YamlNode node(JsonParser parser, String file) throws IOException, CompileException {
    int line = line(parser);
    JsonToken token = parser.currentToken();
    switch (token) {
      case START_OBJECT: {
        List<YamlNode.Entry> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String key = parser.currentName();
          int keyLine = line(parser);
          if (!seen.add(key)) {
            throw new CompileException(file, keyLine, "duplicate key '" + key + "'");
          }
          parser.nextToken();
          entries.add(new YamlNode.Entry(key, keyLine, node(parser, file)));
        }
        return new YamlNode.Mapping(List.copyOf(entries), line);
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

  private static int line(JsonParser parser) {
    return parser.currentTokenLocation().getLineNr();
  }
}
