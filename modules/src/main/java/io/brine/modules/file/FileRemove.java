package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;

/**
 * Salt's {@code file.remove}: removes a file, a link (not what it points to) or a whole directory tree inside
 * file_roots_allowed, with the {@code file.absent} state's code ({@link FileEntries#remove}): the tree is walked
 * through directory handles without following links, so a link inside it, or one swapped in meanwhile, is removed
 * as an entry and never leads the removal elsewhere.
 */
final class FileRemove implements ExecutionFunction {
    @Override
    public String name() {
        return "file.remove";
    }

    @Override
    public String doc() {
        return "Removes a file, link or directory (recursively) inside file_roots_allowed; True if removed, False "
                + "if there was nothing there. An allowed directory itself cannot be removed.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        try (ConfinedFiles.Target at = ConfinedFiles.of(context).entry(args.string("path"))) {
            return FileEntries.remove(at.dir(), at.name()); // the same removal as the file.absent state's
        }
    }
}
