package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code file.recurse}: a directory of the state tree copied to the minion, each file as {@code file.managed} would
 * manage it (templates included) and each directory as {@code file.directory} would; with {@code clean}, whatever
 * else is in the target goes. Changes are keyed by the path they happened to, as in Salt.
 *
 * <pre>
 * /opt/app/conf:
 *   file.recurse:
 *     - source: salt://app/conf
 *     - template: jinja
 *     - file_mode: "0640"
 *     - clean: true
 * </pre>
 */
final class FileRecurse implements StateFunction {
    private static final List<String> TREE_SCHEMES = List.of("brine://", "salt://");

    private final FileManaged managed = new FileManaged();
    private final FileDirectory directory = new FileDirectory();

    @Override
    public String name() {
        return "recurse";
    }

    @Override
    public String doc() {
        return "Copies a directory of the state tree to the minion, file by file as file.managed does.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("source", Type.STRING_LIST, "brine://dir or salt://dir in the state tree, or a list "
                        + "of them: the first that exists"),
                Param.optional("clean", Type.BOOLEAN, false, "remove what the source does not hold (exclude_pat excepted)"),
                Param.optional("include_pat", Type.STRING, null, "only paths matching this glob (or E@regex)"),
                Param.optional("exclude_pat", Type.STRING_LIST, null, "skip, and never clean, paths matching this glob, or any of a list"
                        + " (or E@regex)"),
                Param.optional("maxdepth", Type.INTEGER, null, "how many directory levels below the source to copy"),
                Param.optional("user", Type.STRING, null, "owner of files and directories"),
                Param.optional("group", Type.STRING, null, "group of files and directories"),
                Param.optional("dir_mode", Type.STRING, null, "mode of the directories"),
                Param.optional("file_mode", Type.STRING, null, "mode of the files"),
                Param.optional("makedirs", Type.BOOLEAN, false, "create the target's missing parents"),
                Param.optional("template", Type.STRING, null, "'jinja' to render every file"),
                Param.optional("context", Type.MAP, null, "extra template variables"),
                Param.optional("defaults", Type.MAP, null, "template variables that context overrides"),
                Param.optional("include_empty", Type.BOOLEAN, false, "also create the source's directories holding no file"),
                Param.optional("keep_symlinks", Type.BOOLEAN, false, "accepted as Salt does; no effect here, since the"
                        + " state tree serves a symlink as the file it points to"),
                Param.optional("sym_mode", Type.STRING, null, "accepted as Salt does; no effect here, since Linux"
                        + " symlinks have no mode of their own"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Path target = StatePath.of(args.name(), ctx);
        if (!target.isAbsolute()) {
            return StateResult.failed("Specified file " + target + " is not an absolute path");
        }
        List<String> sources = args.strings("source");
        for (String each : sources) {
            if (TREE_SCHEMES.stream().noneMatch(each::startsWith)) {
                return StateResult.failed("Invalid source '" + each + "' (must be a salt:// or brine:// URI)");
            }
        }
        PathFilter filter;
        try {
            filter = PathFilter.of(args.string("include_pat"), args.has("exclude_pat") ? args.strings("exclude_pat")
                    : null);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        // as Salt: the first source of the list that exists in the tree
        Optional<String> found = Optional.empty();
        String foundDir = null;
        Optional<List<String>> listing = Optional.empty();
        for (String each : sources) {
            found = TREE_SCHEMES.stream().filter(each::startsWith).findFirst();
            foundDir = each.substring(found.orElseThrow().length()).replaceAll("/+$", "");
            try {
                listing = ctx.files().list(foundDir);
            } catch (IOException e) {
                return StateResult.failed("Recurse failed: " + e.getMessage());
            }
            if (listing.isPresent()) {
                break;
            }
        }
        if (listing.isEmpty()) {
            return StateResult.failed("The directory '" + String.join("', '", sources)
                    + "' does not exist on the file server");
        }
        Optional<String> scheme = found;
        String sourceDir = foundDir;
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            return StateResult.failed("The path " + target + " exists and is not a directory");
        }
        if (!Files.isDirectory(target) && !Files.isDirectory(target.getParent()) && !args.bool("makedirs")
                && !ctx.test()) {
            return StateResult.failed("The target's parent directory " + target.getParent() + " is not present");
        }
        RecurseOutcome outcome = new RecurseOutcome(target);
        TreeSet<String> dirs = new TreeSet<>(List.of(""));
        List<String> files = new ArrayList<>();
        Long maxdepth = args.integer("maxdepth");
        for (String entry : listing.get()) {
            String rel = entry.endsWith("/") ? entry.substring(0, entry.length() - 1) : entry;
            if (!filter.passes(rel) || maxdepth != null && rel.split("/").length > maxdepth + 1) {
                continue;
            }
            if (!entry.endsWith("/")) {
                files.add(rel);
                for (int slash = rel.indexOf('/'); slash > 0; slash = rel.indexOf('/', slash + 1)) {
                    dirs.add(rel.substring(0, slash));
                }
            } else if (args.bool("include_empty")) {
                dirs.add(rel);
            }
        }
        if (files.isEmpty() && dirs.size() == 1) {
            // Nothing passes the filters: Salt makes the target directory without reporting it, and the state is
            // in the correct state (salt-formula's cloud.*.d with exclude_pat: _*)
            if (!ctx.test()) {
                StateResult made = directory.apply(delegate(directory, target, pairs("user", args.raw("user"),
                        "group", args.raw("group"), "dir_mode", args.raw("dir_mode"), "makedirs", true)), ctx);
                if (made.failed()) {
                    return made;
                }
            }
            return StateResult.ok("The directory " + target + " is in the correct state");
        }
        for (String rel : dirs) {
            Path dir = rel.isEmpty() ? target : target.resolve(rel);
            outcome.merge(dir, directory.apply(delegate(directory, dir, pairs("user", args.raw("user"),
                    "group", args.raw("group"), "dir_mode", args.raw("dir_mode"), "makedirs", true)), ctx));
        }
        for (String rel : files) {
            Path file = target.resolve(rel);
            if (args.bool("clean") && Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                outcome.replaceDirectory(file, ctx.test());
            }
            outcome.merge(file, managed.apply(delegate(managed, file, pairs("source", scheme.get() + sourceDir + "/" + rel,
                    "user", args.raw("user"), "group", args.raw("group"), "mode", args.raw("file_mode"),
                    "template", args.raw("template"), "context", args.raw("context"), "defaults", args.raw("defaults"),
                    "makedirs", true)), ctx));
        }
        if (args.bool("clean")) {
            TreeSet<String> keep = new TreeSet<>(dirs);
            keep.addAll(files);
            outcome.clean(keep, filter, ctx.test());
        }
        return outcome.result();
    }

    /** Keys and values alternating, values possibly null (an argument not given). */
    private static Map<String, Object> pairs(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }

    /**
     * The arguments of a state composed from this one: the given values over the function's own defaults, each
     * checked as the state compiler would. A value missing here (null) keeps the default.
     */
    private static Arguments delegate(StateFunction fn, Path name, Map<String, Object> given) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Param p : fn.params()) {
            Object v = given.get(p.name());
            values.put(p.name(), v == null ? p.defaultValue() : p.coerce(v));
        }
        values.put("name", name.toString());
        return Arguments.of(values);
    }
}
