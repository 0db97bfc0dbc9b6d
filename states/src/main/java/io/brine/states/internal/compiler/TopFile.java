package io.brine.states.internal.compiler;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Salt's top file: {@code base: {'<target>': [sls, ..., {match: glob|grain|list|pcre}]}}. Only the
 * minion's own id and grains are consulted; the sls lists of every matching target are joined in
 * file order without repeats.
 */
final class TopFile {
    static final String PATH = "top.sls";

    private final String minionId;
    private final Map<String, Object> grains;

    TopFile(String minionId, Map<String, Object> grains) {
        this.minionId = minionId;
        this.grains = grains;
    }

    List<String> slsFor(SlsLoader loader) throws CompileException {
        Optional<YamlNode> doc = loader.loadDocument(PATH);
        if (doc.isEmpty()) {
            throw new CompileException(PATH, 0, "No top file found: highstate needs top.sls in the state tree");
        }
        if (!(doc.get() instanceof YamlNode.Mapping envs)) {
            throw new CompileException(PATH, doc.get().line(), "top.sls must map environments to targets");
        }
        Set<String> sls = new LinkedHashSet<>();
        List<String> errors = new ArrayList<>();
        for (YamlNode.Entry env : envs.entries()) {
            if (!(env.value() instanceof YamlNode.Mapping targets)) {
                errors.add(CompileException.where(PATH, env.line()) + "environment '" + env.key() + "' must map targets to sls lists");
                continue;
            }
            for (YamlNode.Entry target : targets.entries()) {
                entry(target, sls, errors);
            }
        }
        if (!errors.isEmpty()) {
            throw new CompileException(errors);
        }
        if (sls.isEmpty()) {
            throw new CompileException(PATH, 0, "No Top file matches found for minion '" + minionId + "'");
        }
        return List.copyOf(sls);
    }

    private void entry(YamlNode.Entry target, Set<String> sls, List<String> errors) {
        if (!(target.value() instanceof YamlNode.Sequence items)) {
            errors.add(CompileException.where(PATH, target.line()) + "target '" + target.key() + "' must list sls names");
            return;
        }
        String match = "glob";
        List<String> names = new ArrayList<>();
        for (YamlNode item : items.items()) {
            if (item instanceof YamlNode.Mapping m && m.get("match").isPresent()) {
                match = String.valueOf(m.get("match").get().value().plain());
            } else if (item instanceof YamlNode.Scalar s && s.value() != null) {
                names.add(s.asString());
            } else {
                errors.add(CompileException.where(PATH, item.line()) + "unexpected entry under target '" + target.key() + "'");
            }
        }
        try {
            if (matches(match, target.key())) {
                sls.addAll(names);
            }
        } catch (IllegalArgumentException e) {
            errors.add(CompileException.where(PATH, target.line()) + e.getMessage());
        }
    }

    private boolean matches(String match, String target) {
        return switch (match) {
            case "glob" -> Glob.matches(target, minionId);
            case "list" -> List.of(target.split("\\s*,\\s*")).contains(minionId);
            case "pcre" -> regex(target).matcher(minionId).lookingAt();
            case "grain" -> grainMatches(target, false);
            case "grain_pcre" -> grainMatches(target, true);
            default -> throw new IllegalArgumentException("unsupported match type '" + match
                    + "' (supported: glob, list, pcre, grain, grain_pcre)");
        };
    }

    /** {@code key:value}, nested keys separated by ':' too; a list-valued grain matches any element. */
    private boolean grainMatches(String target, boolean pcre) {
        int colon = target.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("grain target '" + target + "' must be key:value");
        }
        Object value = grains;
        for (String key : target.substring(0, colon).split(":")) {
            value = value instanceof Map<?, ?> map ? map.get(key) : null;
        }
        String expected = target.substring(colon + 1);
        List<?> candidates = value instanceof List<?> list ? list : value == null ? List.of() : List.of(value);
        for (Object candidate : candidates) {
            String text = String.valueOf(candidate);
            if (pcre ? regex(expected).matcher(text).lookingAt() : Glob.matches(expected, text)) {
                return true;
            }
        }
        return false;
    }

    private static Pattern regex(String re) {
        try {
            return Pattern.compile(re);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("bad regular expression '" + re + "': " + e.getDescription());
        }
    }
}
