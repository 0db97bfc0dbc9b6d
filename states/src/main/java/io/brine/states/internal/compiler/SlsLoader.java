package io.brine.states.internal.compiler;

import io.brine.functions.StateFiles;
import io.brine.functions.TemplateException;
import io.brine.functions.Templates;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds an sls file in the state tree, renders it (Jinja, then YAML, unless its first line says
 * {@code #!yaml}) and parses it with line numbers. Line numbers refer to the rendered text, which
 * matches the source except where Jinja loops or conditionals add or remove lines.
 */
final class SlsLoader {
    record SlsFile(String sls, String path, boolean isInit, YamlNode root) {}

    /** Salt's older single names for pipelines: the format first, then the template engine that runs first. */
    private static final Map<String, String> OLD_STYLE = Map.of("yaml_jinja", "jinja|yaml", "json_jinja", "jinja|json");

    private final StateFiles files;
    private final Templates templates;

    SlsLoader(StateFiles files, Templates templates) {
        this.files = files;
        this.templates = templates;
    }

    /** The loaded file, or empty when the tree has no such sls. */
    Optional<SlsFile> load(String sls) throws CompileException {
        if (!SlsName.valid(sls)) {
            throw new CompileException(sls, 0, "invalid sls name '" + sls + "'");
        }
        for (String path : SlsName.candidatePaths(sls)) {
            Optional<String> text = read(path);
            if (text.isPresent()) {
                return Optional.of(new SlsFile(sls, path, path.endsWith("/init.sls"),
                        parse(text.get(), path, SlsContext.of(sls, path))));
            }
        }
        return Optional.empty();
    }

    /** Reads and renders any YAML document of the tree, such as top.sls. */
    Optional<YamlNode> loadDocument(String path) throws CompileException {
        Optional<String> text = read(path);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        return Optional.ofNullable(parse(text.get(), path, Map.of()));
    }

    private Optional<String> read(String path) throws CompileException {
        try {
            return files.readText(path);
        } catch (IOException e) {
            throw new CompileException(path, 0, "cannot read: " + e.getMessage());
        }
    }

    /** The document as its renderer pipeline ({@code #!} first line, else jinja|yaml) turns it into data. */
    private YamlNode parse(String text, String path, Map<String, Object> vars) throws CompileException {
        String firstLine = text.lines().findFirst().orElse("").strip();
        if (!firstLine.startsWith("#!") || firstLine.startsWith("#!/")) { // Salt reads #!/ as a path, not renderers
            return YamlReader.read(render(text, path, vars), path);
        }
        // Salt's renderer pipelines; YAML reads JSON too, so json differs from yaml only in what authors promise
        String pipeline = firstLine.substring(2).replace(" ", "");
        pipeline = OLD_STYLE.getOrDefault(pipeline, pipeline);
        switch (pipeline) {
            case "yaml", "json" -> {
                return YamlReader.read(text, path);
            }
            case "yaml|jinja", "json|jinja" -> {
                // the data first, then Jinja over each string in it: template syntax must sit inside YAML strings, and
                // the structure cannot come from a loop (Salt's own pipe fails here, its Jinja reading only text)
                return renderStrings(YamlReader.read(text, path), path, vars);
            }
            case "jinja|yaml", "jinja|json", "jinja" -> {
                return YamlReader.read(render(text, path, vars), path);
            }
            default -> throw new CompileException(path, 1, "unsupported renderer '" + pipeline
                    + "' (use jinja|yaml, jinja|json, yaml|jinja, yaml or json)");
        }
    }

    private YamlNode renderStrings(YamlNode node, String path, Map<String, Object> vars) throws CompileException {
        if (node instanceof YamlNode.Mapping m) {
            List<YamlNode.Entry> entries = new java.util.ArrayList<>();
            for (YamlNode.Entry e : m.entries()) {
                entries.add(new YamlNode.Entry(renderString(e.key(), e.line(), path, vars), e.line(),
                        renderStrings(e.value(), path, vars)));
            }
            return new YamlNode.Mapping(entries, m.line());
        }
        if (node instanceof YamlNode.Sequence seq) {
            List<YamlNode> items = new java.util.ArrayList<>();
            for (YamlNode item : seq.items()) {
                items.add(renderStrings(item, path, vars));
            }
            return new YamlNode.Sequence(items, seq.line());
        }
        if (node instanceof YamlNode.Scalar s && s.value() instanceof String text) {
            String rendered = renderString(text, s.line(), path, vars);
            return rendered.equals(text) ? s : new YamlNode.Scalar(rendered, rendered, s.line());
        }
        return node;
    }

    private String renderString(String text, int line, String path, Map<String, Object> vars) throws CompileException {
        if (!text.contains("{{") && !text.contains("{%")) {
            return text;
        }
        try {
            return templates.render(text, path, vars);
        } catch (TemplateException e) {
            throw new CompileException(path, line + Math.max(0, e.line() - 1), e.reason());
        }
    }

    private String render(String text, String path, Map<String, Object> vars) throws CompileException {
        try {
            return templates.render(text, path, vars);
        } catch (TemplateException e) {
            throw new CompileException(path, e.line(), e.reason());
        }
    }
}
