package io.brine.states.functions.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.states.functions.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code cmd.script}: fetches a script from the state tree and runs it with the given arguments.
 * The copy lives in a private temporary directory, readable by the {@code runas} user, and is
 * removed afterwards.
 */
final class CmdScriptState implements StateFunction {
    @Override
    public String name() {
        return "script";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(ShellOptions.params());
        params.add(Param.optional("source", Type.STRING, null, "brine://path of the script; defaults to name"));
        params.add(Param.optional("args", Type.STRING, "", "arguments, as shell words"));
        return params;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        ShellOptions shell;
        try {
            shell = ShellOptions.of(args);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        String source = args.optString("source").orElse(args.name());
        Optional<Path> script = Sources.resolve(source, ctx.files());
        if (script.isEmpty()) {
            return StateResult.failed("Script " + source + " not found");
        }
        String asked = args.optString("args").map(a -> source + " " + a).orElse(source);
        Optional<StateResult> skip = Guards.stop("cmd.script", asked, args, shell, ctx);
        if (skip.isPresent()) {
            return skip.get();
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("cmd", source), "Command \"" + source + "\" would have been executed");
        }
        Path dir = Files.createTempDirectory("brine-script", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Path copy = dir.resolve("script");
        try {
            Files.copy(script.get(), copy, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
            String line = "'" + copy + "' " + args.string("args");
            return CommandOutcome.of(source, ctx.commands().run(shell.command(line)), args.bool("stateful"));
        } finally {
            Files.deleteIfExists(copy);
            Files.deleteIfExists(dir);
        }
    }

    /** Salt's mod_watch runs the script again when something it watches changed, as for cmd.run. */
    @Override
    public Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        return Optional.of(apply(args, ctx));
    }
}
