package io.brine.minion.modules;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * The {@code file} execution module: facts about files, inside the minion's {@code file_roots_allowed} only.
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
        return List.of(new FileStat(), new FileHash());
    }
}
