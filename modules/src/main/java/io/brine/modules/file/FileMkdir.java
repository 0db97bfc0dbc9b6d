package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.List;

/**
 * Salt's {@code file.mkdir}: a directory inside file_roots_allowed, with its missing parents. As in Salt, owner,
 * group and mode are applied only when the directory is new; here only to the directory asked for.
 */
final class FileMkdir implements ExecutionFunction {
    @Override
    public String name() {
        return "file.mkdir";
    }

    @Override
    public String doc() {
        return "Creates a directory and its missing parents inside file_roots_allowed, and gives a new one the "
                + "owner, group and mode asked for; returns True.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("dir_path", Param.Type.STRING, "absolute path inside file_roots_allowed"),
                Param.optional("user", Param.Type.STRING, null, "owner of the new directory"),
                Param.optional("group", Param.Type.STRING, null, "group of the new directory"),
                Param.optional("mode", Param.Type.STRING, null, "octal mode of the new directory, as 755 or '0750'"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String path = args.string("dir_path");
        Integer mode = args.has("mode") ? Modes.parsePermissions(name(), args.string("mode")) : null;
        ConfinedFiles confined = ConfinedFiles.of(context);
        if (confined.isDirectory(path)) {
            return true;
        }
        try (SecureDirectoryStream<Path> dir = confined.directory(path)) {
            PosixFileAttributeView view = dir.getFileAttributeView(PosixFileAttributeView.class);
            Ownership.setOwners(name(), view, args.string("user"), args.string("group"));
            if (mode != null) {
                view.setPermissions(Modes.permissions(mode));
            }
        }
        return true;
    }
}
