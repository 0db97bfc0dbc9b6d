package io.brine.fileserver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.brine.config.ConfigException;
import io.brine.config.TemplateRenderer;
import io.brine.targeting.Match;
import io.brine.targeting.MinionFacts;
import io.brine.targeting.TargetExpression;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compiles one minion's pillar from {@code pillar_roots}, as Salt does: {@code top.sls} maps targets to
 * pillar files ({@code base: {'web*': [users, web.secrets]}}, optionally with {@code - match: list} or
 * {@code pcre}); each file is a YAML mapping, and the files a minion gets are merged in order, maps
 * recursively, later values winning. A minion only ever receives its own compilation.
 */
public final class PillarCompiler {
    // a key given twice is an error, as in Salt's YAML loader, not the later value silently
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** A pillar that cannot be compiled; the message names the file and, where known, the line. */
    public static final class PillarException extends Exception {
        PillarException(String message) {
            super(message);
        }
    }

    private final RootedFiles roots;
    private final List<Path> rootDirs;
    private final TemplateRenderer renderer;

    /**
     * @param renderer how pillar files are rendered before they are read (Salt's Jinja when the state engine is
     *                 on the class path; plain YAML otherwise)
     */
    public PillarCompiler(List<Path> rootDirs, TemplateRenderer renderer) {
        this.roots = new RootedFiles(rootDirs);
        this.rootDirs = List.copyOf(rootDirs);
        this.renderer = renderer;
    }

    /**
     * @param grains what the minion reported of itself, or null when it never did: its pillar templates then see
     *               only its id, and top-file grain targets do not match it
     */
    public Map<String, Object> compile(String minionId, Map<String, Object> grains) throws PillarException {
        Map<String, Object> known = new LinkedHashMap<>(grains == null ? Map.of() : grains);
        known.put("id", minionId);
        Map<String, Object> vars = Map.of("grains", known, "minion_id", minionId, "opts", Map.of("id", minionId));
        Optional<Object> top = read("top.sls", vars);
        if (top.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> pillar = new LinkedHashMap<>();
        for (String sls : selected(top.get(), new MinionFacts(minionId, grains == null ? null : known, null))) {
            String path = sls.replace('.', '/');
            Optional<Object> data = read(path + ".sls", vars);
            if (data.isEmpty()) {
                data = read(path + "/init.sls", vars);
            }
            if (data.isEmpty()) {
                throw new PillarException("pillar top.sls names '" + sls + "', but there is no " + path + ".sls");
            }
            if (data.get() instanceof Map<?, ?> map) {
                merge(pillar, map);
            } else if (data.get() != null) {
                throw new PillarException("pillar " + path + ".sls: must be a mapping of keys");
            }
        }
        return pillar;
    }

    private List<String> selected(Object top, MinionFacts minion) throws PillarException {
        if (!(top instanceof Map<?, ?> envs) || !(envs.get("base") instanceof Map<?, ?> targets)) {
            throw new PillarException("pillar top.sls: expected 'base:' mapping targets to lists of pillar files");
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<?, ?> e : targets.entrySet()) {
            if (!(e.getValue() instanceof List<?> entries)) {
                throw new PillarException("pillar top.sls: target '" + e.getKey() + "' must map to a list");
            }
            String type = "glob";
            List<String> names = new ArrayList<>();
            for (Object entry : entries) {
                if (entry instanceof Map<?, ?> option && option.containsKey("match")) {
                    type = String.valueOf(option.get("match"));
                } else {
                    names.add(String.valueOf(entry));
                }
            }
            try {
                if (TargetExpression.parse(String.valueOf(e.getKey()), type, Map.of()).match(minion) == Match.MATCH) {
                    out.addAll(names);
                }
            } catch (IllegalArgumentException bad) {
                throw new PillarException("pillar top.sls: target '" + e.getKey() + "': " + bad.getMessage());
            }
        }
        return out;
    }

    private Optional<Object> read(String relative, Map<String, Object> vars) throws PillarException {
        try {
            Optional<Path> file = roots.find(relative);
            if (file.isEmpty()) {
                return Optional.empty();
            }
            String raw = Files.readString(file.get());
            String text = dataOnly(raw) ? raw : renderer.render(raw, relative, rootDirs, vars);
            return Optional.ofNullable(YAML.readValue(text, Object.class))
                    .or(() -> Optional.of(new LinkedHashMap<>()));
        } catch (ConfigException e) {
            throw new PillarException(e.getMessage());
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new PillarException("pillar " + relative + ":" + line + ": invalid YAML: " + e.getOriginalMessage());
        } catch (IOException | RootedFiles.Escape e) {
            throw new PillarException("pillar " + relative + ": " + e.getMessage());
        }
    }

    /**
     * Whether a pillar file says, as Salt's renderer line {@code #!yaml} or {@code #!json}, that it is data alone:
     * no template is rendered in it, so text such as <code>{{</code> in a value stays as it is.
     */
    private static boolean dataOnly(String text) {
        String first = text.lines().findFirst().orElse("").replace(" ", "");
        return first.equals("#!yaml") || first.equals("#!json");
    }

    /**
     * Salt's pillar merge: mappings merge key by key, any other value of {@code from} replaces the one in
     * {@code into} (changed in place; the mappings within it are copied before they change, never changed).
     */
    @SuppressWarnings("unchecked")
    public static void merge(Map<String, Object> into, Map<?, ?> from) {
        for (Map.Entry<?, ?> e : from.entrySet()) {
            String key = String.valueOf(e.getKey());
            Object existing = into.get(key);
            if (existing instanceof Map<?, ?> a && e.getValue() instanceof Map<?, ?> b) {
                Map<String, Object> merged = new LinkedHashMap<>((Map<String, Object>) a);
                merge(merged, b);
                into.put(key, merged);
            } else {
                into.put(key, e.getValue());
            }
        }
    }
}
