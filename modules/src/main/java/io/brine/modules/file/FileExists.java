package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Salt's {@code file.file_exists} and {@code file.directory_exists}, inside file_roots_allowed. */
final class FileExists implements ExecutionFunction {
    private final boolean directory;

    private FileExists(boolean directory) {
        this.directory = directory;
    }

    static FileExists file() {
        return new FileExists(false);
    }

    static FileExists directory() {
        return new FileExists(true);
    }

    @Override
    public String name() {
        return directory ? "file.directory_exists" : "file.file_exists";
    }

    @Override
    public String doc() {
        return "True if the path inside file_roots_allowed is " + (directory ? "a directory" : "a regular file")
                + " (links followed, as Salt's), false otherwise.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Path real = AllowedPaths.forProbes(context).resolve(args.string("path"));
        return directory ? Files.isDirectory(real) : Files.isRegularFile(real);
    }
}
