package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.brine.master.targeting.Match;
import io.brine.master.targeting.MinionFacts;
import io.brine.master.targeting.TargetExpression;
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
final class PillarCompiler {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** A pillar that cannot be compiled; the message names the file and, where known, the line. */
    static final class PillarException extends Exception {
        PillarException(String message) {
            super(message);
        }
    }

    private final RootedFiles roots;

    PillarCompiler(RootedFiles roots) {
        this.roots = roots;
    }

    Map<String, Object> compile(String minionId) throws PillarException {
        Optional<Object> top = read("top.sls");
        if (top.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> pillar = new LinkedHashMap<>();
        for (String sls : selected(top.get(), minionId)) {
            String path = sls.replace('.', '/');
            Optional<Object> data = read(path + ".sls");
            if (data.isEmpty()) {
                data = read(path + "/init.sls");
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

    private List<String> selected(Object top, String minionId) throws PillarException {
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
                if (TargetExpression.parse(String.valueOf(e.getKey()), type, Map.of())
                        .match(MinionFacts.idOnly(minionId)) == Match.MATCH) {
                    out.addAll(names);
                }
            } catch (IllegalArgumentException bad) {
                throw new PillarException("pillar top.sls: target '" + e.getKey() + "': " + bad.getMessage());
            }
        }
        return out;
    }

    private Optional<Object> read(String relative) throws PillarException {
        try {
            Optional<Path> file = roots.find(relative);
            if (file.isEmpty()) {
                return Optional.empty();
            }
            return Optional.ofNullable(YAML.readValue(Files.readString(file.get()), Object.class))
                    .or(() -> Optional.of(new LinkedHashMap<>()));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new PillarException("pillar " + relative + ":" + line + ": invalid YAML: " + e.getOriginalMessage());
        } catch (IOException | RootedFiles.Escape e) {
            throw new PillarException("pillar " + relative + ": " + e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    static void merge(Map<String, Object> into, Map<?, ?> from) {
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
