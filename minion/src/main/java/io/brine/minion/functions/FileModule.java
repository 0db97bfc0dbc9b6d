package io.brine.minion.functions;

import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionModule;
import java.util.List;

/**
 * The {@code file} execution module: facts about files, inside the minion's {@code file_roots_allowed} only.
 *
 * <p>Example: {@code brine web1 file.hash /srv/app/app.jar algorithm=sha512}.
 */
public final class FileModule implements FunctionModule {
    @Override
    public List<Function> functions() {
        return List.of(new FileStat(), new FileHash());
    }
}
