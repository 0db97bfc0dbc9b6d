package io.brine.minion.modules;

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
import java.nio.file.OpenOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;

/**
 * Salt's {@code file.write} and {@code file.append}: lines written to a file inside file_roots_allowed, each ended
 * by a newline. The file is changed in place, keeping its owner and mode, as Salt's do; a new one is made 0644.
 */
final class FileWrite implements ExecutionFunction {
    private final boolean append;

    private FileWrite(boolean append) {
        this.append = append;
    }

    static FileWrite write() {
        return new FileWrite(false);
    }

    static FileWrite append() {
        return new FileWrite(true);
    }

    @Override
    public String name() {
        return append ? "file.append" : "file.write";
    }

    @Override
    public String doc() {
        return append
                ? "Appends lines to a file inside file_roots_allowed (a newline is added first if the file does not "
                        + "end with one); returns 'Wrote N lines to \"PATH\"'."
                : "Replaces the content of a file inside file_roots_allowed with lines, each ended by a newline; "
                        + "returns 'Wrote N lines to \"PATH\"'.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed"),
                Param.optional("args", Param.Type.STRING_LIST, null, "the lines, a list or one string"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        List<String> lines = args.strings("args");
        Set<OpenOption> options = append
                ? Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE,
                        LinkOption.NOFOLLOW_LINKS)
                : Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                        LinkOption.NOFOLLOW_LINKS);
        try (ConfinedFiles.Target at = ConfinedFiles.of(context).entry(args.string("path"));
                SeekableByteChannel ch = open(at, options)) {
            StringBuilder text = new StringBuilder();
            if (append && ch.size() > 0 && !endsWithNewline(ch)) {
                text.append('\n');
            }
            lines.forEach(line -> text.append(line).append('\n'));
            ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
            ch.position(ch.size());
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            return "Wrote " + lines.size() + " lines to \"" + at.path() + "\"";
        }
    }

    private SeekableByteChannel open(ConfinedFiles.Target at, Set<OpenOption> options)
            throws FunctionException, java.io.IOException {
        var existing = ConfinedFiles.attributesOrNull(at.dir(), at.name());
        if (existing != null && !existing.isRegularFile()) {
            throw new FunctionException(name() + ": refused: '" + at.path() + "' is not a regular file");
        }
        try {
            return at.dir().newByteChannel(at.name(), options,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
        } catch (FileSystemException e) { // a link slipped in meanwhile: O_NOFOLLOW refuses it
            throw new FunctionException(name() + ": cannot open " + at.path() + ": " + e.getMessage());
        }
    }

    private static boolean endsWithNewline(SeekableByteChannel ch) throws java.io.IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        ch.position(ch.size() - 1);
        ch.read(last);
        return last.get(0) == '\n';
    }
}
