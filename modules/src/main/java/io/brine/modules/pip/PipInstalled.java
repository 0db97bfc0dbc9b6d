package io.brine.modules.pip;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code pip.installed}: a Python package present, at {@code version} when given. */
final class PipInstalled implements StateFunction {
    @Override
    public String name() {
        return "installed";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("version", Type.STRING, null, "exact version"),
                Param.optional("bin_env", Type.STRING, Pip.DEFAULT_PYTHON, "the Python interpreter whose pip to use"),
                Param.optional("find_links", Type.STRING, null, "a directory or URL holding packages"),
                Param.optional("no_index", Type.BOOLEAN, false, "do not consult the package index"));
    }

    @Override
    public List<Effect> effects(Arguments args) {
        return Pip.effects(args.string("bin_env"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Pip pip = new Pip(ctx.commands(), args.string("bin_env"));
        String pkg = args.name();
        Optional<String> want = args.optString("version");
        Optional<String> have = pip.installedVersion(pkg);
        if (have.isPresent() && (want.isEmpty() || want.equals(have))) {
            return StateResult.ok("Python package " + pkg + " is already installed");
        }
        Map<String, Object> planned = Map.of(pkg, Map.of("old", have.orElse(""), "new", want.orElse("installed")));
        if (ctx.test()) {
            return StateResult.pending(planned, "Python package " + pkg + " is set to be installed");
        }
        List<String> options = new ArrayList<>();
        if (args.bool("no_index")) {
            options.add("--no-index");
        }
        args.optString("find_links").ifPresent(f -> options.addAll(List.of("--find-links", f)));
        pip.install(want.map(v -> pkg + "==" + v).orElse(pkg), options);
        Optional<String> now = pip.installedVersion(pkg);
        if (now.isEmpty() || (want.isPresent() && !want.equals(now))) {
            return StateResult.failed("Python package " + pkg + " failed to install");
        }
        return StateResult.changed(Map.of(pkg, Map.of("old", have.orElse(""), "new", now.get())), "Python package " + pkg + " was installed");
    }
}
