package io.brine.modules.cp;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.StateFiles;
import java.util.List;

/**
 * Salt's {@code cp.list_master} and {@code cp.list_master_dirs}: the files (or directories) of the master's file
 * roots, as paths from the top of the tree, optionally only those under {@code prefix}. Formulas call them from
 * templates ({@code salt['cp.list_master_dirs'](prefix='nginx/files')}) to see which overrides exist.
 */
final class CpListMaster implements ExecutionFunction {
    private final boolean dirs;

    CpListMaster(boolean dirs) {
        this.dirs = dirs;
    }

    @Override
    public String name() {
        return dirs ? "cp.list_master_dirs" : "cp.list_master";
    }

    @Override
    public String doc() {
        return dirs ? "Lists the directories of the master's file roots, optionally only those under prefix."
                : "Lists the files of the master's file roots, optionally only those under prefix.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("saltenv", Param.Type.STRING, "base", "the environment; only base exists"),
                Param.optional("prefix", Param.Type.STRING, "", "only paths starting with this"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        return StateFiles.ofMaster(context.master()).listUnder(args.string("prefix"), dirs);
    }
}
