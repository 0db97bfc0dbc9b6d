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
        String rendered = render(text.get(), path, SlsContext.of(sls, path));
        return Optional.of(new SlsFile(sls, path, path.endsWith("/init.sls"), YamlReader.read(rendered, path)));
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
    return Optional.ofNullable(YamlReader.read(render(text.get(), path, Map.of()), path));
  }

  private Optional<String> read(String path) throws CompileException {
    try {
      return files.readText(path);
    } catch (IOException e) {
      throw new CompileException(path, 0, "cannot read: " + e.getMessage());
    }
  }

  private String render(String text, String path, Map<String, Object> vars) throws CompileException {
    String firstLine = text.lines().findFirst().orElse("").strip();
    if (firstLine.startsWith("#!") && !firstLine.startsWith("#!/")) { // Salt reads #!/ as a path, not renderers
      // Salt's renderer pipelines; YAML reads JSON too, so json differs from yaml only in what authors promise
      String pipeline = firstLine.substring(2).replace(" ", "");
      pipeline = OLD_STYLE.getOrDefault(pipeline, pipeline);
      if (pipeline.equals("yaml") || pipeline.equals("json")) {
        return text;
      }
      if (pipeline.equals("yaml|jinja") || pipeline.equals("json|jinja")) {
        // Salt hands Jinja the data the first stage parsed, and its Jinja renderer reads only text: the render
        // fails there ('dict' object has no attribute 'read'). Refusing it here says what to write instead.
        throw new CompileException(path, 1, "renderer '" + pipeline + "' cannot run: jinja renders text and "
            + pipeline.substring(0, 4) + " hands it data (Salt fails here too); write #!jinja|"
            + pipeline.substring(0, 4));
      }
      if (!List.of("jinja|yaml", "jinja|json", "jinja").contains(pipeline)) {
        throw new CompileException(path, 1, "unsupported renderer '" + pipeline
            + "' (use jinja|yaml, jinja|json, yaml or json)");
      }
    }
    try {
      return templates.render(text, path, vars);
    } catch (TemplateException e) {
      throw new CompileException(path, e.line(), e.reason());
    }
  }
}
