package io.brine.modules.file;

import io.brine.functions.StateFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/** The {@code file} state module. */
public final class FileStates implements FunctionModule {
    @Override
    public String name() {
        return "file";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new FileManaged(), new FileDirectory(), new FileAbsent(), new FileSymlink(), new FileAppend(),
                new FileReplaceState(), new FileLine(), new FileBlockReplace(), new FileComment(false), new FileComment(true),
                new FileCopy(), new FileRename(), new FileKeyValue(), new FileSerialize(), new FileRecurse(),
                new FileAccumulated());
    }
}
