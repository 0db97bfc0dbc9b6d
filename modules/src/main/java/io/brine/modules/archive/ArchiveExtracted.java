package io.brine.modules.archive;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.modules.SourceDigest;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code archive.extracted}: an archive's members present under a directory. The hash is checked
 * and every member vetted before anything is written; the archive counts as extracted when all its
 * members exist, as in Salt, so re-applying changes nothing.
 */
final class ArchiveExtracted implements StateFunction {
    @Override
    public String name() {
        return "extracted";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("source", Type.STRING, "brine://path, an absolute local path, or an http(s) URL "
                        + "in the minion's http_allow (fetched by cp.cache_file)"),
                Param.optional("source_hash", Type.STRING, null, "e.g. sha256=HEX; checked before extracting; "
                        + "needed for a web source unless skip_verify"),
                Param.optional("skip_verify", Type.BOOLEAN, false, "take a web source without a source_hash"),
                Param.optional("archive_format", Type.STRING, null, "tar or zip; guessed from the source name"),
                Param.optional("if_missing", Type.STRING, null, "skip when this path exists"),
                Param.optional("user", Type.STRING, null, "owner of the extracted members"),
                Param.optional("group", Type.STRING, null, "group of the extracted members"),
                Param.optional("options", Type.STRING, null, "tar's options as Salt passes them: --strip-components=N"
                        + " is honoured, tar's own flags (xvzjJf) accepted"),
                Param.optional("enforce_toplevel", Type.BOOLEAN, true, "refuse an archive without one top-level"
                        + " directory (a tar-bomb)"),
                Param.optional("trim_output", Type.ANY, false, "true: list at most 100 extracted files in the"
                        + " result; a number: at most that many"));
    }

    /** A web source is fetched by calling cp.cache_file, which the guest's policy judges. */
    @Override
    public List<Effect> effects(Arguments args) {
        return Sources.isWeb(args.string("source")) ? List.of(new Effect.CallsFunction("cp.cache_file")) : List.of();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException {
        Path target = Path.of(args.name());
        if (!target.isAbsolute()) {
            return StateResult.failed("Target " + target + " is not an absolute path");
        }
        Optional<String> ifMissing = args.optString("if_missing");
        if (ifMissing.isPresent() && Files.exists(Path.of(ifMissing.get()))) {
            return StateResult.ok("Path " + ifMissing.get() + " exists");
        }
        String source = args.string("source");
        Optional<Path> archive;
        if (Sources.isWeb(source)) {
            if (args.optString("source_hash").isEmpty() && !args.bool("skip_verify")) {
                return StateResult.failed("Unable to verify upstream hash of source file " + source
                        + ", please set source_hash or set skip_verify to True");
            }
            if (ctx.test()) {
                return StateResult.pending(Map.of(), "Archive " + source + " would be cached (if necessary) and "
                        + "checked to discover if extraction is needed");
            }
            try {
                archive = Optional.of(Sources.fetchWeb(source, args.string("source_hash"), ctx));
            } catch (FunctionException e) {
                return StateResult.failed("Unable to cache " + source + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return StateResult.failed("Interrupted while caching " + source);
            }
        } else {
            try {
                archive = Sources.resolve(source, ctx.files());
            } catch (IOException e) {
                return StateResult.failed(e.getMessage());
            }
        }
        if (archive.isEmpty()) {
            return StateResult.failed("Source " + args.string("source") + " not found");
        }
        Optional<StateResult> badHash = checkHash(args, archive.get());
        if (badHash.isPresent()) {
            return badHash.get();
        }
        ArchiveWalker.Format format;
        try {
            format = ArchiveWalker.format(args.string("source"), args.string("archive_format"));
        } catch (IllegalArgumentException e) {
            return StateResult.failed("archive_format must be tar or zip");
        }
        TarOptions options;
        Integer trim;
        try {
            options = format == ArchiveWalker.Format.TAR ? TarOptions.of(args.string("options")) : TarOptions.of(null);
            trim = trimOutput(args.raw("trim_output"));
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        List<String> members = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        TopLevel top = new TopLevel();
        EntryGuard guard = new EntryGuard(target);
        ArchiveWalker.walk(archive.get(), format, options.applied((entry, content) -> {
            members.add(entry.name());
            top.add(entry);
            guard.problem(entry).ifPresent(problems::add);
        }));
        if (!problems.isEmpty()) {
            return StateResult.failed("Refusing to extract " + args.string("source") + ": " + String.join("; ", problems));
        }
        if (args.bool("enforce_toplevel") && !top.single()) {
            return StateResult.failed("Archive does not have a single top-level directory. To extract it anyway, set"
                    + " 'enforce_toplevel' to False; to keep its members together, name a directory of their own"
                    + " (for example " + target.resolve("some_dir") + " instead of " + target + ")");
        }
        List<String> missing = members.stream()
                .filter(m -> !Files.exists(guard.destination(m).orElseThrow(), LinkOption.NOFOLLOW_LINKS)).toList();
        if (missing.isEmpty() && Files.isDirectory(target)) {
            return StateResult.ok(args.string("source") + " is already extracted to " + target);
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        if (!Files.isDirectory(target)) {
            changes.put("directories_created", List.of(target.toString()));
        }
        changes.put("extracted_files", trim == null || missing.size() <= trim ? missing : missing.subList(0, trim));
        if (ctx.test()) {
            return StateResult.pending(changes, args.string("source") + " would be extracted to " + target);
        }
        Files.createDirectories(target);
        Extractor extractor = new Extractor(target);
        try {
            ArchiveWalker.walk(archive.get(), format, options.applied(extractor));
        } catch (IOException e) {
            return new StateResult(false, changes, "Extraction stopped: " + e.getMessage());
        }
        chown(args, target, extractor.written());
        return StateResult.changed(changes, args.string("source") + " extracted to " + target);
    }

    /** Salt's trim_output: false for every file, true for the first 100, or a number of files. */
    private static Integer trimOutput(Object raw) {
        if (raw == null || Boolean.FALSE.equals(raw) || "false".equalsIgnoreCase(String.valueOf(raw))) {
            return null;
        }
        if (Boolean.TRUE.equals(raw) || "true".equalsIgnoreCase(String.valueOf(raw))) {
            return 100;
        }
        try {
            int n = Integer.parseInt(String.valueOf(raw).strip());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("trim_output must be true, false or a number of files, not '" + raw + "'");
        }
    }

    private static Optional<StateResult> checkHash(Arguments args, Path archive) throws IOException {
        Optional<String> declared = args.optString("source_hash");
        if (declared.isEmpty()) {
            return Optional.empty();
        }
        Optional<SourceDigest> hash = SourceDigest.parse(declared.get());
        if (hash.isEmpty()) {
            return Optional.of(StateResult.failed("Invalid source_hash '" + declared.get() + "': expected TYPE=HEX "
                    + "(md5, sha1, sha224, sha256, sha384, sha512) or a bare hex digest"));
        }
        return hash.get().mismatch(archive).map(actual -> StateResult.failed("Hash mismatch for "
                + args.string("source") + ": expected " + hash.get().hex() + ", got " + actual));
    }

    private static void chown(Arguments args, Path target, List<Path> written) throws IOException {
        if (!args.has("user") && !args.has("group")) {
            return;
        }
        UserPrincipalLookupService lookup = FileSystems.getDefault().getUserPrincipalLookupService();
        List<Path> all = new ArrayList<>(written);
        all.add(target);
        for (Path p : all) {
            PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
            if (args.has("user")) {
                view.setOwner(lookup.lookupPrincipalByName(args.string("user")));
            }
            if (args.has("group")) {
                view.setGroup(lookup.lookupPrincipalByGroupName(args.string("group")));
            }
        }
    }
}
