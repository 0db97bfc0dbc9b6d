package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.nio.file.FileSystemException;
import java.util.List;

/**
 * Salt's {@code file.write} and {@code file.append}: lines written to a file inside file_roots_allowed, each ended
 * by a newline. The file is changed in place, keeping its owner and mode, as Salt's do; a new one is made 0644.
 * As in Salt the lines are the positional arguments after the path ({@code file.append /etc/motd l1 l2}) or a list
 * named {@code args}. Appending is the {@code file.append} state's code ({@link FileEntries#append}).
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
                Param.optional("args", Param.Type.STRING_LIST, null, "the lines: arguments after the path, or a list")
                        .collectingRest());
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        List<String> lines = args.strings("args");
        StringBuilder text = new StringBuilder();
        lines.forEach(line -> text.append(line).append('\n'));
        try (ConfinedFiles.Target at = ConfinedFiles.of(context).entry(args.string("path"))) {
            try {
                if (append) {
                    FileEntries.append(at.dir(), at.name(), at.path(), text.toString());
                } else {
                    FileEntries.replace(at.dir(), at.name(), at.path(), text.toString());
                }
            } catch (FileSystemException e) { // not a regular file, or a link slipped in: O_NOFOLLOW refuses it
                throw new FunctionException(name() + ": refused: '" + at.path() + "': "
                        + (e.getReason() == null ? e.getMessage() : e.getReason()));
            }
            return "Wrote " + lines.size() + " lines to \"" + at.path() + "\"";
        }
    }
}
