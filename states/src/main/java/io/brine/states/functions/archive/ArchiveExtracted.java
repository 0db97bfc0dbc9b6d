package io.brine.states.functions.archive;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.states.functions.Sources;
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
                Param.required("source", Type.STRING, "brine://path or an absolute local path"),
                Param.optional("source_hash", Type.STRING, null, "e.g. sha256=HEX; checked before extracting"),
                Param.optional("archive_format", Type.STRING, null, "tar or zip; guessed from the source name"),
                Param.optional("if_missing", Type.STRING, null, "skip when this path exists"),
                Param.optional("user", Type.STRING, null, "owner of the extracted members"),
                Param.optional("group", Type.STRING, null, "group of the extracted members"));
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
        Optional<Path> archive = Sources.resolve(args.string("source"), ctx.files());
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
        List<String> members = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        EntryGuard guard = new EntryGuard(target);
        ArchiveWalker.walk(archive.get(), format, (entry, content) -> {
            members.add(entry.name());
            guard.problem(entry).ifPresent(problems::add);
        });
        if (!problems.isEmpty()) {
            return StateResult.failed("Refusing to extract " + args.string("source") + ": " + String.join("; ", problems));
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
        changes.put("extracted_files", missing);
        if (ctx.test()) {
            return StateResult.pending(changes, args.string("source") + " would be extracted to " + target);
        }
        Files.createDirectories(target);
        Extractor extractor = new Extractor(target);
        try {
            ArchiveWalker.walk(archive.get(), format, extractor);
        } catch (IOException e) {
            return new StateResult(false, changes, "Extraction stopped: " + e.getMessage());
        }
        chown(args, target, extractor.written());
        return StateResult.changed(changes, args.string("source") + " extracted to " + target);
    }

    private static Optional<StateResult> checkHash(Arguments args, Path archive) throws IOException {
        Optional<String> declared = args.optString("source_hash");
        if (declared.isEmpty()) {
            return Optional.empty();
        }
        SourceHash hash;
        try {
            hash = SourceHash.parse(declared.get());
        } catch (IllegalArgumentException e) {
            return Optional.of(StateResult.failed(e.getMessage()));
        }
        return hash.mismatch(archive).map(actual -> StateResult.failed("Hash mismatch for " + args.string("source")
                + ": expected " + hash.hex() + ", got " + actual));
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
