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

/** {@code pkg.removed}: packages not installed, removed as {@code pkg.remove} removes them. */
final class PkgRemoved implements StateFunction {
    @Override
    public String name() {
        return "removed";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("pkgs", Param.Type.LIST, null, "several package names"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Optional<PackageManager> found = PackageManagers.forGrains(ctx.grains(), ctx.commands());
        if (found.isEmpty()) {
            return StateResult.failed("No package provider for os_family '" + ctx.grain("os_family") + "'");
        }
        PackageManager pm = found.get();
        Map<String, Object> changes = new LinkedHashMap<>();
        List<String> present = new ArrayList<>();
        for (PackageManager.Request t : Targets.of(args)) {
            Optional<String> have = pm.installedVersion(t.name());
            if (have.isPresent()) {
                present.add(t.name());
                changes.put(t.name(), Targets.change(have.get(), null));
            }
        }
        if (present.isEmpty()) {
            return StateResult.ok("All specified packages are already absent");
        }
        if (ctx.test()) {
            return StateResult.pending(changes, "The following packages will be removed: " + String.join(", ", present));
        }
        PkgRemove.Removal removal = PkgRemove.removeInstalled(pm, present, false);
        if (!removal.left().isEmpty()) {
            return new StateResult(false, removal.changes(), "The following packages failed to be removed: "
                    + String.join(", ", removal.left()));
        }
        return StateResult.changed(removal.changes(), "All targeted packages were removed");
    }
}
