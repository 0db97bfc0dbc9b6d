package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.io.IOException;
import java.util.List;

/**
 * {@code pkg.upgrade}: upgrades every package the repositories have a newer version of, and returns
 * Salt's {@code {name: {old, new}}} for each package changed. Like Salt, it refreshes the package
 * database first unless told not to.
 *
 * <p>Example: {@code brine 'web*' pkg.upgrade dist_upgrade=true}.
 */
final class PkgUpgrade extends PackageFunction {
    @Override
    public String name() {
        return "pkg.upgrade";
    }

    @Override
    public String doc() {
        return "Upgrades all packages with newer versions available; returns {name: {old, new}} for each package changed.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("refresh", Type.BOOLEAN, true, "update the package database first"),
                Param.optional("dist_upgrade", Type.BOOLEAN, false, "apt: also install or remove packages the upgrade needs"));
    }

    @Override
    Object call(PackageManager pm, Arguments args, FunctionContext context) throws IOException, InterruptedException {
        if (args.bool("refresh")) {
            pm.refresh();
        }
        return PackageChanges.of(pm, () -> pm.upgrade(args.bool("dist_upgrade")));
    }
}
