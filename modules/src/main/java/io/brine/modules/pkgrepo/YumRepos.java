package io.brine.modules.pkgrepo;

import io.brine.functions.Arguments;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.modules.file.AtomicWrite;
import io.brine.modules.file.TextEdit;
import io.brine.modules.pkgrepo.PkgrepoArgs.Invalid;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code pkgrepo} on yum/dnf: a {@code [name]} section in a {@code .repo} file, {@code NAME.repo} in the repos
 * directory unless another file there already holds the section. Options are written under Salt's key names
 * ({@code humanname} becomes {@code name}), booleans as 1/0, and an empty value removes the option.
 */
final class YumRepos {
    private static final Pattern REPO_ID = Pattern.compile("[A-Za-z0-9_.:-]+");

    private final Path reposDir;

    YumRepos(Path reposDir) {
        this.reposDir = reposDir;
    }

    StateResult managed(Arguments args, StateContext ctx) throws IOException {
        String id = args.name();
        Map<String, String> wanted;
        Path file;
        try {
            wanted = options(args);
            file = fileFor(id, dir(args));
        } catch (Invalid e) {
            return StateResult.failed(e.getMessage());
        }
        String before = TextEdit.read(file);
        YumRepoFile repos = new YumRepoFile(before);
        boolean isNew = !repos.has(id);
        if (isNew && !wanted.containsKey("baseurl") && !wanted.containsKey("mirrorlist")) {
            return StateResult.failed("Failed to configure repo '" + id + "': a new repo needs a baseurl or a mirrorlist");
        }
        if (isNew) {
            repos.addSection(id);
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        wanted.forEach((key, value) -> change(repos, id, key, value, isNew, changes));
        if (args.has("comments") && !repos.comments(id).equals(args.strings("comments"))) {
            changes.put("comments", Map.of("old", repos.comments(id), "new", args.strings("comments")));
            repos.setComments(id, args.strings("comments"));
        }
        if (changes.isEmpty()) {
            return StateResult.ok("Package repo '" + id + "' already configured");
        }
        Map<String, Object> reported = isNew ? Map.of("repo", id) : changes;
        if (ctx.test()) {
            return StateResult.pending(reported, "Package repo '" + id + "' would be configured in " + file);
        }
        if (!Files.isDirectory(file.getParent())) {
            return StateResult.failed("Failed to configure repo '" + id + "': directory " + file.getParent() + " does not exist");
        }
        AtomicWrite.write(file, repos.text().getBytes(StandardCharsets.UTF_8), false);
        return StateResult.changed(reported, "Configured package repo '" + id + "'");
    }

    StateResult absent(Arguments args, StateContext ctx) throws IOException {
        String id = args.name();
        Path file;
        try {
            file = fileFor(id, dir(args));
        } catch (Invalid e) {
            return StateResult.failed(e.getMessage());
        }
        YumRepoFile repos = new YumRepoFile(TextEdit.read(file));
        if (!repos.has(id)) {
            return StateResult.ok("Package repo " + id + " is absent");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("repo", id), "Package repo '" + id + "' would be removed from " + file);
        }
        repos.removeSection(id);
        if (repos.ids().isEmpty()) {
            Files.delete(file); // the repo was the file's only one, so the file goes with it, as in Salt
        } else {
            AtomicWrite.write(file, repos.text().getBytes(StandardCharsets.UTF_8), false);
        }
        return StateResult.changed(Map.of("repo", id), "Removed repo " + id);
    }

    /** The options to write, under their file names, in Salt's order: name first, enabled after the URLs. */
    private static Map<String, String> options(Arguments args) throws Invalid {
        if (!REPO_ID.matcher(args.name()).matches()) {
            throw new Invalid("Invalid repo ID '" + args.name() + "': use letters, digits and . _ : -");
        }
        if (args.has("baseurl") && args.has("mirrorlist")) {
            throw new Invalid("Only one of 'mirrorlist' and 'baseurl' can be specified");
        }
        Map<String, String> out = new LinkedHashMap<>();
        out.put("name", args.optString("humanname").orElse(args.name()));
        for (String key : PkgrepoArgs.YUM_KEYS) {
            if (args.has(key)) {
                out.put(key, fileValue(args.string(key)));
            }
        }
        // setting one source of packages drops the other, which yum would otherwise keep using
        if (args.has("baseurl")) {
            out.put("mirrorlist", "");
        } else if (args.has("mirrorlist")) {
            out.put("baseurl", "");
        }
        out.put("enabled", PkgrepoArgs.disabled(args) ? "0" : "1");
        return out;
    }

    /** Applies one option to the section, recording what changed; "" means the option should not be there. */
    private static void change(YumRepoFile repos, String id, String key, String value, boolean isNew,
            Map<String, Object> changes) {
        Optional<String> old = repos.get(id, key);
        // yum takes a repo without enabled= as enabled, so its absence already satisfies enabled=1
        boolean satisfied = value.isEmpty() ? old.isEmpty()
                : old.map(o -> fileValue(o).equals(value)).orElse(!isNew && key.equals("enabled") && value.equals("1"));
        if (satisfied) {
            return;
        }
        Map<String, Object> oldNew = new LinkedHashMap<>();
        oldNew.put("old", old.orElse(null));
        oldNew.put("new", value.isEmpty() ? null : value);
        changes.put(key, oldNew);
        if (value.isEmpty()) {
            repos.remove(id, key);
        } else {
            repos.set(id, key, value);
        }
    }

    /** True and false as yum writes them, 1 and 0. */
    private static String fileValue(String value) {
        return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "on" -> "1";
            case "false", "no", "off" -> "0";
            default -> value.strip();
        };
    }

    private Path dir(Arguments args) throws Invalid {
        Path dir = args.optString("basedir").map(Path::of).orElse(reposDir);
        if (!dir.isAbsolute()) {
            throw new Invalid("basedir must be an absolute path, got " + dir);
        }
        return dir;
    }

    /** The .repo file holding the section, or NAME.repo for a new one. */
    private static Path fileFor(String id, Path dir) throws IOException, Invalid {
        if (!REPO_ID.matcher(id).matches()) {
            throw new Invalid("Invalid repo ID '" + id + "': use letters, digits and . _ : -");
        }
        Path own = dir.resolve(id + ".repo");
        if (!Files.isDirectory(dir) || new YumRepoFile(TextEdit.read(own)).has(id)) {
            return own;
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> repoFiles = files.filter(p -> p.toString().endsWith(".repo") && Files.isRegularFile(p)).sorted().toList();
            for (Path f : repoFiles) {
                if (new YumRepoFile(TextEdit.read(f)).has(id)) {
                    return f;
                }
            }
        }
        return own;
    }
}
