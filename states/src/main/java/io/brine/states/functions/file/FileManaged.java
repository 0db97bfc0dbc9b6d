package io.brine.states.functions.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.functions.TemplateException;
import io.brine.states.functions.Sources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code file.managed}: a file's content (from a source, a template or inline), owner and mode. */
final class FileManaged implements StateFunction {
  @Override
  public String name() {
    return "managed";
  }

  @Override
  public String doc() {
    return "Manages a file's content (from a source, a template or inline), owner, mode and SELinux context.";
  }

  @Override
  public List<Param> params() {
    List<Param> params = new ArrayList<>(List.of(
        Param.optional("source", Type.STRING_LIST, null, "brine://path in the state tree, or an absolute local "
            + "path; a list: the first that exists, as formulas' libtofs expects"),
        Param.optional("contents", Type.ANY, null, "inline content: a string or a list of lines"),
        Param.optional("contents_pillar", Type.STRING, null, "a pillar key ('a:b' for nested) whose value is the content"),
        Param.optional("contents_grains", Type.STRING, null, "a grain key ('a:b' for nested) whose value is the content"),
        Param.optional("template", Type.STRING, null, "'jinja' to render the content with grains and pillar"),
        Param.optional("context", Type.MAP, null, "extra template variables"),
        Param.optional("defaults", Type.MAP, null, "template variables that context overrides"),
        Param.optional("user", Type.STRING, null, "owner"),
        Param.optional("group", Type.STRING, null, "group"),
        Param.optional("mode", Type.STRING, null, "octal permissions, e.g. \"0644\""),
        Param.optional("makedirs", Type.BOOLEAN, false, "create missing parent directories"),
        Param.optional("backup", Type.STRING, null, "'minion' keeps the replaced file in the backup directory"),
        Param.optional("replace", Type.BOOLEAN, true, "false: only create the file if missing, never rewrite it")));
    SeLinux.KEYS.forEach(k -> params.add(Param.optional(k, Type.STRING, null, "SELinux context part")));
    return params;
  }

  @Override
  public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
    Path path = Path.of(args.name());
    if (!path.isAbsolute()) {
      return StateResult.failed("Specified file " + path + " is not an absolute path");
    }
    if (Files.isDirectory(path)) {
      return StateResult.failed("Specified target " + path + " is a directory");
    }
    Ownership owner;
    try {
      owner = Ownership.of(args, "mode");
    } catch (IllegalArgumentException e) {
      return StateResult.failed(e.getMessage());
    }
    Optional<String> problem = owner.problem();
    if (problem.isPresent()) {
      return StateResult.failed(problem.get());
    }
    byte[] wanted;
    try {
      wanted = desiredContent(args, ctx);
    } catch (SourceMissing | TemplateException e) {
      return StateResult.failed(e.getMessage());
    }
    boolean exists = Files.exists(path);
    // in test mode an earlier state may be about to create the parent, as Salt assumes
    if (!exists && !Files.isDirectory(path.getParent()) && !args.bool("makedirs") && !ctx.test()) {
      return StateResult.failed("Parent directory not present: " + path.getParent());
    }
    Map<String, Object> changes = new LinkedHashMap<>();
    if (!exists) {
      changes.put("diff", "New file");
    } else if (wanted != null && args.bool("replace")) {
      byte[] current = Files.readAllBytes(path);
      if (!java.util.Arrays.equals(current, wanted)) {
        changes.put("diff", UnifiedDiff.between(text(current), text(wanted)));
      }
    }
    changes.putAll(owner.pending(path));
    Map<String, String> selinux = SeLinux.requested(args);
    String note = selinux.isEmpty() ? "" : SeLinux.enabled() ? "" : SeLinux.notApplicable(selinux);
    if (!selinux.isEmpty() && SeLinux.enabled()) {
      changes.putAll(SeLinux.pending(path, selinux, ctx.commands()));
    }
    if (changes.isEmpty()) {
      return StateResult.ok("File " + path + " is in the correct state." + note);
    }
    if (ctx.test()) {
      return StateResult.pending(changes, "The file " + path + " is set to be changed." + note);
    }
    if (changes.containsKey("diff")) {
      if (exists && args.optString("backup").isPresent()) {
        Backups.keep(path, ctx.backupDir());
      }
      AtomicWrite.write(path, wanted == null ? new byte[0] : wanted, args.bool("makedirs"));
    }
    owner.apply(path, ctx.commands());
    if (!selinux.isEmpty() && SeLinux.enabled()) {
      SeLinux.apply(path, selinux, ctx.commands());
    }
    return StateResult.changed(changes, "File " + path + " updated." + note);
  }

  /** The bytes the file should hold, or null when only its existence and attributes are managed. */
  private static byte[] desiredContent(Arguments args, StateContext ctx) throws IOException, SourceMissing, TemplateException {
    List<String> sources = args.strings("source");
    Object contents = contents(args, ctx);
    byte[] raw;
    String label;
    if (!sources.isEmpty()) {
      String found = null;
      Optional<Path> local = Optional.empty();
      for (String source : sources) {
        local = Sources.resolve(source, ctx.files());
        if (local.isPresent()) {
          found = source;
          break;
        }
      }
      if (local.isEmpty()) {
        throw new SourceMissing(sources.size() == 1 ? "Source file " + sources.get(0) + " not found"
            : "None of the source files exist: " + String.join(", ", sources));
      }
      raw = Files.readAllBytes(local.get());
      label = found;
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
      throw new SourceMissing("Unsupported template '" + template.get() + "': only jinja is available");
    }
    Map<String, Object> vars = new LinkedHashMap<>(args.map("defaults"));
    vars.putAll(args.map("context"));
    Accumulators accumulators = ctx.run().shared(Accumulators.class, Accumulators::new);
    if (accumulators.has(args.name())) {
      vars.put("accumulator", accumulators.forTemplate(args.name()));
    }
    return ctx.templates().render(text(raw), label, vars).getBytes(StandardCharsets.UTF_8);
  }

  /** {@code contents}, or the pillar or grain value {@code contents_pillar}/{@code contents_grains} names. */
  private static Object contents(Arguments args, StateContext ctx) throws SourceMissing {
    for (String key : List.of("contents_pillar", "contents_grains")) {
      Optional<String> path = args.optString(key);
      if (path.isPresent()) {
        Object value = key.equals("contents_pillar") ? ctx.pillar() : ctx.grains();
        for (String part : path.get().split(":")) {
          value = value instanceof Map<?, ?> m ? m.get(part) : null;
        }
        if (value == null) {
          throw new SourceMissing(key + ": '" + path.get() + "' is not set");
        }
        return value;
      }
    }
    return args.raw("contents");
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** A source that does not exist: a failed state, not an error of the engine. */
  private static final class SourceMissing extends Exception {
    SourceMissing(String message) {
      super(message);
    }
  }
}
