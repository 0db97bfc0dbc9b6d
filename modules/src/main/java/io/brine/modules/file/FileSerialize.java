package io.brine.modules.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code file.serialize}: a data structure written as YAML or JSON, keys sorted so the same data always gives
 * the same bytes (and a second run nothing to do).
 *
 * <pre>
 * /etc/app/config.json:
 *   file.serialize:
 *     - dataset_pillar: app:config
 *     - formatter: json
 *     - merge_if_exists: true
 * </pre>
 */
final class FileSerialize implements StateFunction {
    /**
     * The two writers, made on the first serialize: the state is registered on every minion at start, and its
     * mappers would load Jackson's databind (some 280 classes, 1-2 MiB) into agents that never write a file this
     * way.
     */
    private static final class Mappers {
        static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES))
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
        static final ObjectMapper JSON = new ObjectMapper()
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .setDefaultPrettyPrinter(new DefaultPrettyPrinter()
                        .withSeparators(Separators.createDefaultInstance()
                                .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                        .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE))
                .enable(SerializationFeature.INDENT_OUTPUT);
    }

    @Override
    public String name() {
        return "serialize";
    }

    @Override
    public String doc() {
        return "Writes a data structure (given inline or taken from pillar) to a file as YAML or JSON.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("dataset", Type.ANY, null, "the data to write"),
                Param.optional("dataset_pillar", Type.STRING, null, "pillar key (a:b for nested) holding the data"),
                Param.optional("formatter", Type.STRING, "yaml", "how to write the data").oneOf("yaml", "json"),
                Param.optional("merge_if_exists", Type.BOOLEAN, false, "merge the data into what the file already holds"),
                Param.optional("makedirs", Type.BOOLEAN, false, "create missing parent directories"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!path.isAbsolute()) {
            return StateResult.failed("Specified file " + path + " is not an absolute path");
        }
        // declared: yaml or json
        ObjectMapper mapper = args.string("formatter").equals("json") ? Mappers.JSON : Mappers.YAML;
        Object data = args.has("dataset_pillar") ? traverse(ctx.pillar(), args.string("dataset_pillar"))
                : args.raw("dataset");
        if (data == null) {
            return StateResult.failed(args.has("dataset_pillar") ? "Pillar key " + args.string("dataset_pillar")
                    + " not found" : "Give dataset or dataset_pillar");
        }
        String before = TextEdit.read(path);
        if (args.bool("merge_if_exists") && !before.isBlank()) {
            try {
                data = merge(mapper.readValue(before, Object.class), data);
            } catch (JsonProcessingException e) {
                return StateResult.failed("Cannot merge: " + path + " is not valid " + args.string("formatter") + ": "
                        + e.getOriginalMessage());
            }
        }
        String after = mapper.writeValueAsString(data);
        return TextEdit.apply(path, before, after.endsWith("\n") ? after : after + "\n", args.bool("makedirs"), ctx);
    }

    /** {@code update} over {@code base}, mappings merged key by key at every depth, anything else replaced. */
    @SuppressWarnings("unchecked")
    static Object merge(Object base, Object update) {
        if (!(base instanceof Map<?, ?> b) || !(update instanceof Map<?, ?> u)) {
            return update;
        }
        Map<Object, Object> out = new LinkedHashMap<>((Map<Object, Object>) b);
        u.forEach((k, v) -> out.put(k, merge(out.get(k), v)));
        return out;
    }

    private static Object traverse(Map<String, Object> pillar, String key) {
        Object at = pillar;
        for (String part : key.split(":")) {
            if (!(at instanceof Map<?, ?> m)) {
                return null;
            }
            at = m.get(part);
        }
        return at;
    }
}
