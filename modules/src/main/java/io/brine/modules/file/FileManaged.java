package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.functions.TemplateException;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code file.managed}: a file's content (from a source, a template or inline), owner and mode, with
 * Salt's safeguards: the source is checked against {@code source_hash} and the new content against
 * {@code check_cmd} before the file is touched.
 *
 * <pre>{@code
 * /etc/sudoers:
 *   file.managed:
 *     - source: salt://sudoers/files/sudoers.jinja
 *     - source_hash: salt://sudoers/files/SHA256SUMS
 *     - template: jinja
 *     - defaults: {admins: [root]}
 *     - context: {admins: [root, ops]}
 *     - mode: "0440"
 *     - check_cmd: /usr/sbin/visudo -c -f
 *     - show_changes: False
 * }</pre>
 */
final class FileManaged implements StateFunction {
    static final String HIDDEN_DIFF = "<show_changes=False>";

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
                Param.optional("source", Type.STRING_LIST, null, "brine://path in the state tree, an absolute local "
                        + "path, or an http(s) URL in the minion's http_allow (with source_hash, or skip_verify); a "
                        + "list: the first that exists, as formulas' libtofs expects"),
                Param.optional("source_hash", Type.STRING, null, "the source's checksum: TYPE=HEX, a bare hex digest, or "
                        + "the URL of a hash file with 'HEX  filename' lines"),
                Param.optional("source_hash_name", Type.STRING, null, "the file name to look for in a hash file"),
                Param.optional("skip_verify", Type.BOOLEAN, false, "do not check the source against source_hash"),
                Param.optional("keep_source", Type.BOOLEAN, true, "accepted for Salt's formulas; sources are not cached"),
                Param.optional("contents", Type.ANY, null, "inline content: a string or a list of lines"),
                Param.optional("contents_pillar", Type.STRING, null, "a pillar key ('a:b' for nested) whose value is the content"),
                Param.optional("contents_grains", Type.STRING, null, "a grain key ('a:b' for nested) whose value is the content"),
                Param.optional("template", Type.STRING, null, "'jinja' to render the content with grains and pillar"),
                Param.optional("context", Type.MAP, null, "template variables; they override defaults, nested maps merged"),
                Param.optional("defaults", Type.MAP, null, "template variables that context overrides"),
                Param.optional("user", Type.STRING, null, "owner"),
                Param.optional("group", Type.STRING, null, "group"),
                Param.optional("mode", Type.STRING, null, "octal permissions, e.g. \"0644\""),
                Param.optional("makedirs", Type.BOOLEAN, false, "create missing parent directories"),
                Param.optional("backup", Type.STRING, null, "'minion' keeps the replaced file in the backup directory"),
                Param.optional("replace", Type.BOOLEAN, true, "false: only create the file if missing, never rewrite it"),
                Param.optional("create", Type.BOOLEAN, true, "false: manage the file only if it already exists"),
                Param.optional("show_changes", Type.BOOLEAN, true, "false: report '" + HIDDEN_DIFF + "' instead of a diff"),
                Param.optional("show_diff", Type.BOOLEAN, null, "Salt's deprecated name for show_changes; wins when given"),
                Param.optional("follow_symlinks", Type.BOOLEAN, true, "manage the file a symlink points to; false: "
                        + "replace the symlink with a file"),
                Param.optional("check_cmd", Type.STRING, null, "a command run with a temporary file of the new content "
                        + "appended; the file is only changed if it succeeds"),
                Param.optional("tmp_dir", Type.STRING, null, "directory for check_cmd's temporary file"),
                Param.optional("tmp_ext", Type.STRING, "", "suffix of check_cmd's temporary file, such as .conf")));
        SeLinux.KEYS.forEach(k -> params.add(Param.optional(k, Type.STRING, null, "SELinux context part")));
        return params;
    }

    /** check_cmd as written: the temporary file's name that is appended is one quoted word of Brine's own. */
    @Override
    public List<Effect> effects(Arguments args) {
        List<Effect> effects = new ArrayList<>();
        args.optString("check_cmd").ifPresent(c -> effects.add(new Effect.RunsCommand("check_cmd", c)));
        // a web source (or hash file) is fetched by calling cp.cache_file, which the guest's policy judges
        if (args.strings("source").stream().anyMatch(Sources::isWeb) || Sources.isWeb(args.string("source_hash"))) {
            effects.add(new Effect.CallsFunction("cp.cache_file"));
        }
        return effects;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path path = StatePath.of(args.name(), ctx);
        if (!path.isAbsolute()) {
            return StateResult.failed("Specified file " + path + " is not an absolute path");
        }
        boolean link = Files.isSymbolicLink(path);
        // the file the state acts on: a symlink's final target unless follow_symlinks is false
        Path target = link && args.bool("follow_symlinks") ? finalTarget(path) : path;
        if (Files.isDirectory(target)) {
            return StateResult.failed("Specified target " + path + " is a directory");
        }
        if (!args.bool("create") && !Files.isRegularFile(target)) {
            return StateResult.ok("File " + path + " is not present and is not set for creation");
        }
        Ownership owner;
        try {
            owner = Ownership.of(args, "mode");
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        Optional<String> problem = owner.problem(ctx);
        if (problem.isPresent()) {
            return StateResult.failed(problem.get());
        }
        byte[] wanted;
        try {
            wanted = ManagedContent.of(args, extras(args), ctx);
        } catch (ManagedContent.Problem | TemplateException e) {
            return StateResult.failed(e.getMessage());
        }
        boolean replaceLink = link && !args.bool("follow_symlinks") && wanted != null && args.bool("replace");
        boolean exists = Files.exists(target, LinkOption.NOFOLLOW_LINKS);
        // in test mode an earlier state may be about to create the parent, as Salt assumes
        if (!exists && !Files.isDirectory(target.getParent()) && !args.bool("makedirs") && !ctx.test()) {
            return StateResult.failed("Parent directory not present: " + target.getParent());
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        contentChange(args, target, exists, replaceLink, wanted).ifPresent(d -> changes.put("diff", d));
        changes.putAll(owner.pending(target));
        Map<String, String> selinux = SeLinux.requested(args);
        String note = selinux.isEmpty() ? "" : SeLinux.enabled() ? "" : SeLinux.notApplicable(selinux);
        if (!selinux.isEmpty() && SeLinux.enabled()) {
            changes.putAll(SeLinux.pending(target, selinux, ctx.commands()));
        }
        if (changes.isEmpty()) {
            return StateResult.ok("File " + path + " is in the correct state." + note);
        }
        if (ctx.test()) {
            return StateResult.pending(changes, "The file " + path + " is set to be changed." + note);
        }
        if (changes.containsKey("diff")) {
            byte[] content = wanted == null ? new byte[0] : wanted;
            Optional<String> refused = args.optString("check_cmd").isEmpty() ? Optional.empty()
                    : CheckCmd.failure(args.string("check_cmd"), content, args.optString("tmp_dir"), args.string("tmp_ext"), ctx);
            if (refused.isPresent()) {
                return StateResult.failed(refused.get());
            }
            if (exists && args.optString("backup").isPresent()) {
                Backups.keep(target, ctx.backupDir());
            }
            if (replaceLink) {
                AtomicWrite.replaceEntry(path, content);
            } else {
                AtomicWrite.write(target, content, args.bool("makedirs"));
            }
        }
        owner.apply(target, ctx.commands());
        if (!selinux.isEmpty() && SeLinux.enabled()) {
            SeLinux.apply(target, selinux, ctx.commands());
        }
        return StateResult.changed(changes, "File " + path + " updated." + note);
    }

    /** The "diff" change, if the content is to be written; hidden as Salt hides it with show_changes false. */
    private static Optional<String> contentChange(Arguments args, Path target, boolean exists, boolean replaceLink,
            byte[] wanted) throws IOException {
        if (replaceLink) {
            return Optional.of("Replace symbolic link with regular file");
        }
        if (!exists) {
            return Optional.of("New file");
        }
        if (wanted == null || !args.bool("replace")) {
            return Optional.empty();
        }
        byte[] current = Files.readAllBytes(target);
        if (Arrays.equals(current, wanted)) {
            return Optional.empty();
        }
        boolean show = args.has("show_diff") ? args.bool("show_diff") : args.bool("show_changes");
        return Optional.of(show ? UnifiedDiff.between(text(current), text(wanted)) : HIDDEN_DIFF);
    }

    /** Salt passes undeclared keyword arguments to the template as variables, so formulas hand data over that way. */
    @Override
    public boolean acceptsExtraArguments() {
        return true;
    }

    private Map<String, Object> extras(Arguments args) {
        Set<String> declared = params().stream().map(Param::name).collect(Collectors.toSet());
        Map<String, Object> extras = new LinkedHashMap<>();
        args.asMap().forEach((key, value) -> {
            if (!declared.contains(key) && !key.equals("name")) {
                extras.put(key, value);
            }
        });
        return extras;
    }

    /** Where a chain of symlinks ends, whether or not something exists there yet. */
    private static Path finalTarget(Path link) throws IOException {
        Path at = link;
        for (int hops = 0; hops < 40 && Files.isSymbolicLink(at); hops++) {
            at = at.resolveSibling(Files.readSymbolicLink(at)).normalize();
        }
        return at;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
