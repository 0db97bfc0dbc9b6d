package io.brine.modules.pip;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code pip.removed}: a Python package absent. */
final class PipRemoved implements StateFunction {
    @Override
    public String name() {
        return "removed";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("bin_env", Type.STRING, Pip.DEFAULT_PYTHON, "the Python interpreter whose pip to use"));
    }

    @Override
    public List<Effect> effects(Arguments args) {
        return Pip.effects(args.string("bin_env"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Pip pip = new Pip(ctx.commands(), args.string("bin_env"));
        String pkg = args.name();
        Optional<String> have = pip.installedVersion(pkg);
        if (have.isEmpty()) {
            return StateResult.ok("Python package " + pkg + " is not installed");
        }
        Map<String, Object> changes = Map.of(pkg, Map.of("old", have.get(), "new", ""));
        if (ctx.test()) {
            return StateResult.pending(changes, "Python package " + pkg + " is set to be removed");
        }
        pip.uninstall(pkg);
        return pip.installedVersion(pkg).isEmpty() ? StateResult.changed(changes, "Python package " + pkg + " was removed")
                : StateResult.failed("Python package " + pkg + " could not be removed");
    }
}
