package io.brine.modules.file;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * The {@code file} execution module: Salt's file functions that read, write and describe files, inside the
 * minion's {@code file_roots_allowed} only.
 *
 * <p>Example: {@code brine web1 file.hash /srv/app/app.jar algorithm=sha512}.
 */
public final class FileModule implements FunctionModule {
    @Override
    public String name() {
        return "file";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new FileStat(), FileHash.hash(), FileHash.getHash(), new FileRead(), FileWrite.write(),
                FileWrite.append(), new FileReplace(), FileExists.file(), FileExists.directory(), new FileRemove(), new FileMkdir(),
                FileChmod.chown(), FileChmod.setMode(), new FileFind());
    }
}
