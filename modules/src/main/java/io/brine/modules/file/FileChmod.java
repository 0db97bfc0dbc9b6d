package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.nio.file.LinkOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.List;

/**
 * Salt's {@code file.chown} and {@code file.set_mode}: ownership or permission bits of one file or directory
 * inside file_roots_allowed, changed through its directory's handle so a link is never followed.
 */
final class FileChmod implements ExecutionFunction {
    private final boolean owner;

    private FileChmod(boolean owner) {
        this.owner = owner;
    }

    static FileChmod chown() {
        return new FileChmod(true);
    }

    static FileChmod setMode() {
        return new FileChmod(false);
    }

    @Override
    public String name() {
        return owner ? "file.chown" : "file.set_mode";
    }

    @Override
    public String doc() {
        return owner
                ? "Sets the owner and group of a file or directory inside file_roots_allowed; returns True."
                : "Sets the permission bits (0000 to 0777) of a file or directory inside file_roots_allowed; "
                        + "returns the new mode as '0644'.";
    }

    @Override
    public List<Param> params() {
        Param path = Param.required("path", Param.Type.STRING, "absolute path inside file_roots_allowed");
        return owner
                ? List.of(path, Param.required("user", Param.Type.STRING, "the new owner, by name"),
                        Param.optional("group", Param.Type.STRING, null, "the new group, by name; kept if not given"))
                : List.of(path, Param.required("mode", Param.Type.STRING, "octal mode, as 644 or '0640'"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Integer mode = owner ? null : Modes.parsePermissions(name(), args.string("mode"));
        try (ConfinedFiles.Target at = ConfinedFiles.of(context).entry(args.string("path"))) {
            PosixFileAttributes a = ConfinedFiles.attributesOrNull(at.dir(), at.name());
            if (a == null) {
                throw new FunctionException(name() + ": " + at.path() + ": File not found");
            }
            if (a.isSymbolicLink()) {
                throw new FunctionException(name() + ": refused: '" + at.path() + "' is a symbolic link");
            }
            PosixFileAttributeView view = at.dir().getFileAttributeView(at.name(), PosixFileAttributeView.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (owner) {
                Ownership.setOwners(name(), view, args.string("user"), args.string("group"));
                return true;
            }
            view.setPermissions(Modes.permissions(mode));
            return Modes.format(Modes.of(view.readAttributes().permissions()));
        }
    }
}
