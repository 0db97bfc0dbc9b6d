package io.brine.minion.modules;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * Salt's {@code cmd} module: runs commands on the minion's machine.
 *
 * <p>Example: {@code brine 'web*' cmd.run 'uptime' timeout=10}, {@code brine web1 cmd.script brine://fix.sh args='-v'}.
 */
public final class CmdModule implements FunctionModule {
    @Override
    public String name() {
        return "cmd";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new CmdRun("cmd.run", CmdRun.Shape.STDOUT), new CmdRun("cmd.run_all", CmdRun.Shape.ALL),
                new CmdRun("cmd.run_stdout", CmdRun.Shape.STDOUT), new CmdRun("cmd.run_stderr", CmdRun.Shape.STDERR),
                new CmdRun("cmd.retcode", CmdRun.Shape.RETCODE), new CmdScript());
    }
}
