package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.StateContext;
import io.brine.functions.TemplateException;
import io.brine.modules.SourceDigest;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bytes {@code file.managed} should write: the first source that exists (checked against
 * {@code source_hash} unless {@code skip_verify}), inline {@code contents}, or a pillar or grain
 * value; rendered with Jinja when {@code template: jinja}. The template sees, as in Salt, the state's
 * {@code name}, {@code source}, {@code user}, {@code group} and {@code mode}, then every extra keyword argument of
 * the state ({@code - apache: {{ apache | json }}} makes {@code apache} a variable), then {@code defaults} and
 * {@code context} merged by {@link TemplateVars}; each later one wins over the earlier.
 */
final class ManagedContent {
    private ManagedContent() {}

    /** A source or template that cannot give content: a failed state, not an error of the engine. */
    static final class Problem extends Exception {
        Problem(String message) {
            super(message);
        }
    }

    /**
     * The content, or null when only the file's existence and attributes are managed.
     *
     * @param extras the state's keyword arguments that are none of its declared parameters
     */
    static byte[] of(Arguments args, Map<String, Object> extras, StateContext ctx)
            throws IOException, Problem, TemplateException {
        List<String> sources = args.strings("source");
        Object contents = contents(args, ctx);
        byte[] raw;
        String label;
        if (!sources.isEmpty()) {
            Found found = firstExisting(sources, args, ctx);
            label = found.label();
            raw = Files.readAllBytes(found.path());
            verify(args, ctx, label, raw);
        } else if (contents != null) {
            String text = contents instanceof List<?> lines
                    ? String.join("\n", lines.stream().map(String::valueOf).toList()) : String.valueOf(contents);
            raw = (text.endsWith("\n") ? text : text + "\n").getBytes(StandardCharsets.UTF_8);
            label = "contents of " + args.name();
        } else {
            return null;
        }
        Optional<String> template = args.optString("template");
        if (template.isEmpty()) {
            return raw;
        }
        if (!template.get().equals("jinja")) {
            throw new Problem("Unsupported template '" + template.get() + "': only jinja is available");
        }
        Map<String, Object> vars = new java.util.LinkedHashMap<>(treePath(label)
                .map(ctx.templates()::treeFileVariables).orElse(Map.of()));
        vars.put("name", args.name());
        vars.put("source", sources.isEmpty() ? null : label);
        for (String key : List.of("user", "group", "mode")) {
            vars.put(key, args.raw(key));
        }
        vars.putAll(extras);
        vars.putAll(TemplateVars.merge(args.map("defaults"), args.map("context")));
        Accumulators accumulators = ctx.run().shared(Accumulators.class, Accumulators::new);
        if (accumulators.has(args.name())) {
            vars.put("accumulator", accumulators.forTemplate(args.name()));
        }
        return ctx.templates().render(new String(raw, StandardCharsets.UTF_8), label, vars)
                .getBytes(StandardCharsets.UTF_8);
    }

    /** {@code nginx/files/x.jinja} for {@code salt://nginx/files/x.jinja} or {@code brine://...}; else empty. */
    private static Optional<String> treePath(String source) {
        for (String scheme : List.of("salt://", "brine://")) {
            if (source.startsWith(scheme)) {
                return Optional.of(source.substring(scheme.length()));
            }
        }
        return Optional.empty();
    }

    /** A source that exists, as written and as the local file it resolved to. */
    private record Found(String label, Path path) {}

    /**
     * The first source that exists: from the state tree, the minion's disk, or (as Salt's states fetch one) the
     * web through {@code cp.cache_file}, which needs a {@code source_hash} unless {@code skip_verify}.
     */
    private static Found firstExisting(List<String> sources, Arguments args, StateContext ctx)
            throws IOException, Problem {
        String webFailure = null;
        for (String source : sources) {
            if (!Sources.isWeb(source)) {
                Optional<Path> local = Sources.resolve(source, ctx.files());
                if (local.isPresent()) {
                    return new Found(source, local.get());
                }
                continue;
            }
            Optional<String> hash = args.optString("source_hash");
            if (hash.isEmpty() && !args.bool("skip_verify")) {
                throw new Problem("Unable to verify upstream hash of source file " + source
                        + ", please set source_hash or set skip_verify to True");
            }
            try {
                String digest = hash.filter(h -> !h.contains("://") && !h.startsWith("/")).orElse(null);
                return new Found(source, Sources.fetchWeb(source, digest, ctx));
            } catch (io.brine.functions.FunctionException e) {
                webFailure = e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Problem("Interrupted while fetching " + source);
            }
        }
        throw new Problem((sources.size() == 1 ? "Source file " + sources.get(0) + " not found"
                : "None of the source files exist: " + String.join(", ", sources))
                + (webFailure == null ? "" : " (" + webFailure + ")"));
    }

    /** The source as fetched must carry the checksum source_hash names, before anything is written. */
    private static void verify(Arguments args, StateContext ctx, String source, byte[] raw)
            throws IOException, Problem {
        Optional<String> spec = args.optString("source_hash");
        if (spec.isEmpty() || args.bool("skip_verify")) {
            return;
        }
        try {
            SourceDigest expected = SourceHash.parse(spec.get(),
                    new SourceHash.Request(source, args.name(), args.optString("source_hash_name")), ctx);
            Optional<String> actual = expected.mismatch(raw);
            if (actual.isPresent()) {
                throw new Problem("Source file " + source + " does not match source_hash: expected " + expected.type()
                        + " " + expected.hex() + ", got " + actual.get());
            }
        } catch (SourceHash.Invalid e) {
            throw new Problem(e.getMessage());
        }
    }

    /** {@code contents}, or the pillar or grain value {@code contents_pillar}/{@code contents_grains} names. */
    private static Object contents(Arguments args, StateContext ctx) throws Problem {
        for (String key : List.of("contents_pillar", "contents_grains")) {
            Optional<String> path = args.optString(key);
            if (path.isPresent()) {
                Object value = key.equals("contents_pillar") ? ctx.pillar() : ctx.grains();
                for (String part : path.get().split(":")) {
                    value = value instanceof Map<?, ?> m ? m.get(part) : null;
                }
                if (value == null) {
                    throw new Problem(key + ": '" + path.get() + "' is not set");
                }
                return value;
            }
        }
        return args.raw("contents");
    }
}
