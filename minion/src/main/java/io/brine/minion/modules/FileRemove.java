package io.brine.minion.modules;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.io.IOException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Salt's {@code file.remove}: removes a file, a link (not what it points to) or a whole directory tree inside
 * file_roots_allowed. The tree is walked through directory handles without following links, so a link inside it,
 * or one swapped in meanwhile, is removed as an entry and never leads the removal elsewhere.
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
            PosixFileAttributes a = ConfinedFiles.attributesOrNull(at.dir(), at.name());
            if (a == null) {
                return false;
            }
            remove(at.dir(), at.name(), a);
            return true;
        }
    }

    private static void remove(SecureDirectoryStream<Path> dir, Path name, PosixFileAttributes a)
            throws IOException, InterruptedException {
        if (!a.isDirectory()) {
            dir.deleteFile(name);
            return;
        }
        try (SecureDirectoryStream<Path> sub = dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            List<Path> children = new ArrayList<>();
            sub.forEach(child -> children.add(child.getFileName()));
            for (Path child : children) {
                if (Thread.interrupted()) {
                    throw new InterruptedException("file.remove stopped");
                }
                PosixFileAttributes c = ConfinedFiles.attributesOrNull(sub, child);
                if (c != null) {
                    remove(sub, child, c);
                }
            }
        }
        dir.deleteDirectory(name);
    }
}
