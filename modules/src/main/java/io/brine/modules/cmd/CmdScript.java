package io.brine.modules.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Salt's {@code cmd.script}: fetches a script from the master's file roots ({@code brine://} or
 * {@code salt://}), runs a private copy of it (see {@link ScriptCopy}) with arguments, and returns what
 * {@code cmd.run_all} does. The {@code cmd.script} state runs its scripts the same way.
 */
final class CmdScript implements ExecutionFunction {
    private static final List<String> SCHEMES = List.of("brine://", "salt://");

    @Override
    public String name() {
        return "cmd.script";
    }

    @Override
    public String doc() {
        return "Fetches a script from the master (brine://path) and runs it with args; returns its pid, retcode, "
                + "stdout and stderr, as cmd.run_all.";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>();
        params.add(Param.required("source", Param.Type.STRING, "brine://path of the script in the file roots"));
        params.add(Param.optional("args", Param.Type.STRING, null, "arguments, split into words as a shell would"));
        params.addAll(CommandOptions.PARAMS);
        return params;
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException, InterruptedException {
        String source = args.string("source");
        String relative = SCHEMES.stream().filter(source::startsWith).findFirst()
                .map(s -> source.substring(s.length())).orElseThrow(() -> new FunctionException(
                        "cmd.script: source must be brine://path (or salt://path), got '" + source + "'"));
        CommandOptions options = CommandOptions.of(name(), args);
        // Checked as the caller wrote it, before anything is fetched: the private copy's path is no one's to allow.
        String asked = args.string("args") == null ? source : source + " " + args.string("args");
        CmdRun.require(options.refusal(name(), context.policy(), asked));
        try {
            Path cached = context.master().file(relative).orElseThrow(
                    () -> new FunctionException("cmd.script: " + source + " is not in the master's file roots"));
            try (ScriptCopy script = ScriptCopy.of(cached, options.runas(), context.cacheDir().resolve("scripts"))) {
                List<String> argv = script.argv(options.shell(), args.string("args"), name());
                return CmdRun.result(CmdRun.execute(name(), context, options, argv), CmdRun.Shape.ALL);
            }
        } catch (IOException e) {
            throw new FunctionException("cmd.script: " + e.getMessage());
        }
    }
}
