package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Salt's {@code file.replace}: a regular expression replaced in a file inside file_roots_allowed, with the same
 * pattern, flags and replacement rules as the {@code file.replace} state (one implementation serves both).
 * Returns the unified diff ("" when nothing changed), or with {@code show_changes=false} whether it changed.
 * The file is rewritten in place, keeping its owner and mode, as Salt's does. As in Salt, a changed file's old
 * content is kept beside it as PATH.bak ({@code backup} names another extension, or False for none);
 * {@code search_only} only says whether the pattern matches; {@code ignore_if_missing} answers False for a file
 * that is not there instead of failing.
 */
final class FileReplace implements ExecutionFunction {
    private static final long MAX_BYTES = 16L * 1024 * 1024;

    @Override
    public String name() {
        return "file.replace";
    }

    @Override
    public String doc() {
        return "Replaces matches of a regular expression in a file inside file_roots_allowed; returns the unified "
                + "diff of the change (\"\" if none), or with show_changes=false whether the file changed.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed"),
                Param.required("pattern", Param.Type.STRING, "regular expression, Python syntax as Salt's"),
                Param.required("repl", Param.Type.STRING, "replacement; \\1 and \\g<name> refer to groups"),
                Param.optional("count", Param.Type.INTEGER, 0L, "most matches to replace; 0 for all").atLeast(0),
                Param.optional("flags", Param.Type.STRING_LIST, List.of("MULTILINE"), "regular expression flags")
                        .oneOfIgnoringCase(RegexReplacement.FLAG_NAMES.toArray(String[]::new)),
                Param.optional("append_if_not_found", Param.Type.BOOLEAN, false, "add the text at the end if no match"),
                Param.optional("prepend_if_not_found", Param.Type.BOOLEAN, false, "add it at the start if no match"),
                Param.optional("not_found_content", Param.Type.STRING, null, "what to add instead of repl"),
                Param.optional("dry_run", Param.Type.BOOLEAN, false, "report the change without making it"),
                Param.optional("show_changes", Param.Type.BOOLEAN, true, "return the diff rather than true/false"),
                Param.optional("backup", Param.Type.STRING, ".bak",
                        "extension of the copy of a changed file's old content, kept beside it; False for none")
                        .matching("[^/\\x00]+"),
                Param.optional("search_only", Param.Type.BOOLEAN, false,
                        "change nothing; return whether the pattern matches"),
                Param.optional("ignore_if_missing", Param.Type.BOOLEAN, false,
                        "return False for a missing file instead of failing"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        RegexReplacement replacement;
        try {
            replacement = RegexReplacement.of(args.string("pattern"), args.strings("flags"), args.string("repl"),
                    args.integer("count"));
        } catch (IllegalArgumentException e) {
            throw new FunctionException("file.replace: bad pattern or flags: " + e.getMessage());
        }
        if (args.bool("search_only") && (args.bool("append_if_not_found") || args.bool("prepend_if_not_found"))) {
            throw new FunctionException("file.replace: search_only cannot be used with append_if_not_found or "
                    + "prepend_if_not_found");
        }
        Set<java.nio.file.OpenOption> options = Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
        ConfinedFiles confined = ConfinedFiles.of(context);
        if (args.bool("ignore_if_missing") && !confined.exists(args.string("path"))) {
            return false;
        }
        try (ConfinedFiles.Target at = confined.entry(args.string("path"));
                SeekableByteChannel ch = open(at, options)) {
            if (ch.size() > MAX_BYTES) {
                throw new FunctionException("file.replace: " + at.path() + " is larger than " + MAX_BYTES + " bytes");
            }
            ByteBuffer buf = ByteBuffer.allocate((int) ch.size());
            while (buf.hasRemaining() && ch.read(buf) > 0) {
                // a file that shrank meanwhile ends early
            }
            if (ch.read(ByteBuffer.allocate(1)) > 0) {
                throw new FunctionException("file.replace: " + at.path() + " grew while it was read; nothing changed");
            }
            String before;
            try { // strict: a byte that is not UTF-8 would otherwise be written back as U+FFFD
                before = StandardCharsets.UTF_8.newDecoder().decode(buf.flip()).toString();
            } catch (java.nio.charset.CharacterCodingException e) {
                throw new FunctionException("file.replace: " + at.path() + " is not UTF-8 text; nothing changed");
            }
            if (args.bool("search_only")) {
                return replacement.pattern().matcher(before).find();
            }
            String after = replacement.edit(before, args.bool("append_if_not_found"),
                    args.bool("prepend_if_not_found"), args.optString("not_found_content").orElse(args.string("repl")));
            boolean changed = !after.equals(before);
            if (changed && !args.bool("dry_run")) {
                Optional<String> backup = backupExtension(args.string("backup"));
                if (backup.isPresent()) {
                    FileBackup.keep(at, backup.get(), buf.rewind());
                }
                ByteBuffer out = ByteBuffer.wrap(after.getBytes(StandardCharsets.UTF_8));
                ch.truncate(0).position(0);
                while (out.hasRemaining()) {
                    ch.write(out);
                }
            }
            if (!args.bool("show_changes")) {
                return changed;
            }
            return changed ? UnifiedDiff.between(before, after) : "";
        }
    }

    /** Salt's {@code backup}: an extension, or False (as text from a command line, any case) for none. */
    private static Optional<String> backupExtension(String backup) {
        return backup == null || backup.equalsIgnoreCase("false") || backup.equalsIgnoreCase("no")
                ? Optional.empty() : Optional.of(backup);
    }

    private static SeekableByteChannel open(ConfinedFiles.Target at, Set<java.nio.file.OpenOption> options)
            throws FunctionException, java.io.IOException {
        var existing = ConfinedFiles.attributesOrNull(at.dir(), at.name());
        if (existing == null || !existing.isRegularFile()) {
            throw new FunctionException("file.replace: '" + at.path() + "' is not a regular file");
        }
        try {
            return at.dir().newByteChannel(at.name(), options);
        } catch (FileSystemException e) { // a link slipped in meanwhile: O_NOFOLLOW refuses it
            throw new FunctionException("file.replace: cannot open " + at.path() + ": " + e.getMessage());
        }
    }
}
