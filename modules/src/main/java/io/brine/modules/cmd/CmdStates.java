package io.brine.modules.cmd;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/**
 * Salt's {@code cmd} module, execution functions and states alike, sharing their options, their script handling
 * and their run (see {@link CommandOptions}, {@link ScriptCopy}, {@link CmdExecution}).
 *
 * <p>Example: {@code brine 'web*' cmd.run 'uptime' timeout=10}, {@code brine web1 cmd.script brine://fix.sh
 * args='-v'}, or in a state file {@code make: cmd.run: [name: make, cwd: /src, creates: /src/app]}.
 */
public final class CmdStates implements FunctionModule {
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

    @Override
    public List<StateFunction> states() {
        CmdRunState run = new CmdRunState();
        CmdScriptState script = new CmdScriptState();
        return List.of(run, script, new WaitingState("wait", run), new WaitingState("wait_script", script));
    }
}
