package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code pkg.latest}: packages installed at the newest version the repositories offer. */
final class PkgLatest implements StateFunction {
    @Override
    public String name() {
        return "latest";
    }

    @Override
    public List<Param> params() {
        return Targets.params();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Optional<PackageManager> found = PackageManagers.forGrains(ctx.grains(), ctx.commands());
        if (found.isEmpty()) {
            return StateResult.failed("No package provider for os_family '" + ctx.grain("os_family") + "'");
        }
        PackageManager pm = found.get();
        if (args.bool("refresh") && !ctx.test()) {
            pm.refresh();
        }
        Map<String, String> before = new LinkedHashMap<>();
        Map<String, Object> planned = new LinkedHashMap<>();
        List<PackageManager.Request> needed = new ArrayList<>();
        for (PackageManager.Request t : Targets.of(args)) {
            Optional<String> candidate = pm.candidateVersion(t.name());
            Optional<String> have = pm.installedVersion(t.name());
            if (candidate.isEmpty()) {
                return StateResult.failed("No information found for '" + t.name() + "'");
            }
            before.put(t.name(), have.orElse(null));
            if (!have.equals(candidate)) {
                needed.add(new PackageManager.Request(t.name(), candidate.get()));
                planned.put(t.name(), Targets.change(have.orElse(null), candidate.get()));
            }
        }
        if (needed.isEmpty()) {
            return StateResult.ok("All packages are up-to-date (" + String.join(", ", before.keySet()) + ")");
        }
        if (ctx.test()) {
            return StateResult.pending(planned, "The following packages would be installed/upgraded: " + String.join(", ", planned.keySet()));
        }
        List<PkgInstalled.Expected> expected = needed.stream().map(r -> new PkgInstalled.Expected(r.name(), r.version())).toList();
        return PkgInstalled.verify(pm, expected, () -> pm.install(needed));
    }
}
