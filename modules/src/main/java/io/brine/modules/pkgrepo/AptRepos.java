package io.brine.modules.pkgrepo;

import io.brine.functions.Arguments;
import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.modules.file.AtomicWrite;
import io.brine.modules.pkgrepo.PkgrepoArgs.Invalid;
import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code pkgrepo} on apt: one-line sources in sources.list or sources.list.d, keys in a keyring file that the
 * line names with {@code signed-by}, as Salt does once apt-key is gone ({@code aptkey: False}); apt-key itself is
 * never used. After a change the changed file's sources are refreshed with {@code apt-get update}.
 */
final class AptRepos {
    private final AptSourceFiles sources;
    private final Path keyringDir;

    AptRepos(Path mainList, Path partsDir, Path keyringDir) {
        this.sources = new AptSourceFiles(mainList, partsDir);
        this.keyringDir = keyringDir;
    }

    StateResult managed(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String name = args.name();
        AptSource wanted;
        Path file;
        byte[] key;
        try {
            wanted = wanted(args);
            file = absolute(args.optString("file").map(Path::of).orElse(sources.mainList()), "file");
            key = key(args, wanted, ctx);
        } catch (Invalid | RepoKey.KeyException e) {
            return StateResult.failed(e.getMessage());
        }
        Edit edit = edit(args, wanted, file);
        wanted = edit.wanted();
        Optional<AptSourceFiles.Found> found = edit.found();
        Path target = edit.target();
        String after = edit.after();
        Path keyring = wanted.signedBy().map(Path::of).orElse(null);
        boolean keyChanges = key != null && !Arrays.equals(key, Files.exists(keyring) ? Files.readAllBytes(keyring) : null);
        boolean lineChanges = !edit.before().lines().toList().equals(after.lines().toList()) || !Files.exists(target);
        if (!keyChanges && !lineChanges) {
            return StateResult.ok("Package repo '" + name + "' already configured");
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        if (found.isEmpty()) {
            changes.put("repo", name);
        } else if (lineChanges) {
            changes.put("line", Map.of("old", found.get().source().line(), "new", wanted.line()));
        }
        if (keyChanges) {
            changes.put("key", keyring.toString());
        }
        if (ctx.test()) {
            return StateResult.pending(changes, "Package repo '" + name + "' would be configured in " + target
                    + "; pkg states later in this run may then see other packages than this test run predicts");
        }
        if (keyChanges) {
            AtomicWrite.write(keyring, key, true);
        }
        if (lineChanges) {
            AtomicWrite.write(target, after.getBytes(StandardCharsets.UTF_8), true);
        }
        return refreshed(args, ctx, target, StateResult.changed(changes, "Configured package repo '" + name + "'"));
    }

    StateResult absent(Arguments args, StateContext ctx) throws IOException {
        String name = args.name();
        Optional<AptSource> gone = AptSource.parse(name).filter(s -> !s.disabled());
        if (gone.isEmpty()) {
            return StateResult.failed(invalidName(name));
        }
        Map<Path, String[]> edits = new LinkedHashMap<>();
        for (Path file : sources.files()) {
            String before = TextEdit.read(file);
            String after = withoutSource(before, gone.get());
            if (!after.equals(before)) {
                edits.put(file, new String[] {before, after});
            }
        }
        if (edits.isEmpty()) {
            return StateResult.ok("Package repo " + name + " is absent");
        }
        Map<String, Object> changes = Map.of("repo", name);
        if (ctx.test()) {
            return StateResult.pending(changes, "Package repo '" + name + "' would be removed from "
                    + String.join(", ", edits.keySet().stream().map(Path::toString).toList()));
        }
        for (Map.Entry<Path, String[]> e : edits.entrySet()) {
            String after = e.getValue()[1];
            if (AptSourceFiles.holdsNothing(after) && !e.getKey().equals(sources.mainList())) {
                Files.delete(e.getKey()); // a sources.list.d file left without sources is Salt's to remove too
            } else {
                AtomicWrite.write(e.getKey(), after.getBytes(StandardCharsets.UTF_8), false);
            }
        }
        return StateResult.changed(changes, "Removed repo " + name);
    }

    /** Where the entry goes and the file's text before and after: {@code wanted} keeps a found entry's comment. */
    private record Edit(Optional<AptSourceFiles.Found> found, AptSource wanted, Path target, String before,
            String after) {}

    private Edit edit(Arguments args, AptSource wanted, Path file) throws IOException {
        boolean clean = args.bool("clean_file");
        Optional<AptSourceFiles.Found> found = clean
                ? AptSourceFiles.entries(file, wanted).stream().findFirst() : sources.find(wanted, file);
        if (found.isPresent() && !args.has("comments")) {
            wanted = wanted.withComment(found.get().source().comment());
        }
        Path target = found.map(AptSourceFiles.Found::file).orElse(file);
        String before = TextEdit.read(target);
        return new Edit(found, wanted, target, before, edited(before, found, wanted, clean));
    }

    /** The entry the arguments describe: the {@code name} line with dist, comps, architectures... applied. */
    private AptSource wanted(Arguments args) throws Invalid {
        Optional<AptSource> parsed = AptSource.parse(args.name()).filter(s -> !s.disabled());
        if (parsed.isEmpty()) {
            throw new Invalid(invalidName(args.name()));
        }
        AptSource s = parsed.get();
        if (args.has("dist")) {
            s = s.withDist(args.string("dist"));
        }
        if (args.has("comps")) {
            LinkedHashSet<String> comps = new LinkedHashSet<>(s.comps());
            comps.addAll(commaList(args.string("comps")));
            s = s.withComps(List.copyOf(comps));
        }
        if (args.has("architectures")) {
            s = s.withOption("arch", String.join(",", commaList(args.string("architectures"))));
        }
        if (args.has("signedby")) {
            s = s.withOption("signed-by", keyringDir.resolve(args.string("signedby")).toString());
        }
        if (args.has("comments")) {
            s = s.withComment(String.join(" ", args.strings("comments")));
        }
        return s.withDisabled(PkgrepoArgs.disabled(args));
    }

    /** The keyring's wanted content, or null when no {@code key_url} was given. */
    private byte[] key(Arguments args, AptSource wanted, StateContext ctx)
            throws Invalid, IOException, InterruptedException, RepoKey.KeyException {
        Optional<String> url = args.optString("key_url");
        if (url.isEmpty()) {
            return null;
        }
        if (wanted.signedBy().isEmpty()) {
            throw new Invalid("key_url needs a keyring to put the key in: give signed-by=/etc/apt/keyrings/NAME.gpg in "
                    + "the line or the signedby argument (keys are never added with apt-key)");
        }
        Path keyring = absolute(Path.of(wanted.signedBy().get()), "signed-by");
        return RepoKey.load(url.get(), keyring, ctx);
    }

    /** {@code before} with {@code wanted} in place of the entry found, or appended, or alone for clean_file. */
    private static String edited(String before, Optional<AptSourceFiles.Found> found, AptSource wanted, boolean clean) {
        if (clean) {
            return wanted.line() + "\n";
        }
        List<String> lines = TextEdit.lines(before);
        if (found.isPresent()) {
            // an entry already right keeps its spacing: reformatting it would be a change nobody asked for
            if (!found.get().source().sameEntry(wanted)) {
                lines.set(found.get().index(), wanted.line());
            }
        } else {
            lines.add(wanted.line());
        }
        return TextEdit.join(lines);
    }

    /**
     * {@code text} without the source: its components are taken from each matching entry, and an entry left
     * without components goes, as does one when the name gives none (a flat repository, {@code ./}).
     */
    static String withoutSource(String text, AptSource gone) {
        List<String> out = new ArrayList<>();
        boolean changed = false;
        for (String line : TextEdit.lines(text)) {
            Optional<AptSource> s = AptSource.parse(line).filter(gone::sameSource);
            if (s.isEmpty()) {
                out.add(line);
                continue;
            }
            List<String> left = s.get().comps().stream().filter(c -> !gone.comps().contains(c)).toList();
            changed = true;
            if (!gone.comps().isEmpty() && !left.isEmpty()) {
                out.add(s.get().withComps(left).line());
            }
        }
        return changed ? TextEdit.join(out) : text;
    }

    private StateResult refreshed(Arguments args, StateContext ctx, Path file, StateResult done)
            throws IOException, InterruptedException {
        if (!PkgrepoArgs.refresh(args)) {
            return done;
        }
        // Only the changed file's sources: that is all a change can have made stale, and it spares fetching every
        // other index (and failing the state when some unrelated mirror is unreachable).
        CommandResult r = ctx.commands().run(Command.of("apt-get", "-q", "update",
                "-o", "Dir::Etc::SourceList=" + file, "-o", "Dir::Etc::SourceParts=-", "-o", "APT::Get::List-Cleanup=0")
                .withEnv(Map.of("DEBIAN_FRONTEND", "noninteractive")));
        // apt-get update exits 0 when a source cannot be fetched, warning about it only
        if (!r.ok() || (r.stdout() + r.stderr()).contains("Failed to fetch")) {
            return new StateResult(false, done.changes(), done.comment() + ", but apt-get update failed: " + r.diagnostic());
        }
        return done;
    }

    private static List<String> commaList(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static Path absolute(Path path, String what) throws Invalid {
        if (!path.isAbsolute()) {
            throw new Invalid(what + " must be an absolute path, got " + path);
        }
        return path;
    }

    static String invalidName(String name) {
        return "Name " + name + " is not valid: it must be the complete one-line entry as written in a sources file, "
                + "such as 'deb http://deb.debian.org/debian bookworm main'";
    }
}
