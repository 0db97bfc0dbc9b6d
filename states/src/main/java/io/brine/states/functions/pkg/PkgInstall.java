package io.brine.states.functions.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.io.IOException;
import java.util.List;

/**
 * {@code pkg.install}: installs packages from the repositories and returns what changed, as Salt's
 * {@code {name: {old, new}}} (dependencies included); an empty dict when all were installed already.
 *
 * <p>Example: {@code brine 'web*' pkg.install pkgs='[curl, {jq: 1.6-2.1}]' refresh=true}.
 */
final class PkgInstall extends PackageFunction {
    @Override
    public String name() {
        return "pkg.install";
    }

    @Override
    public String doc() {
        return "Installs packages (name, or pkgs) from the repositories; returns {name: {old, new}} for each package changed.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("name", Type.STRING, null, "the package to install; ignored when pkgs is given"),
                Param.optional("refresh", Type.BOOLEAN, false, "update the package database first"),
                Param.optional("pkgs", Type.LIST, null, "several packages: names or 'name: version' entries"),
                Param.optional("version", Type.STRING, null, "exact version to install (with name only)"));
    }

    @Override
    Object call(PackageManager pm, Arguments args) throws IOException, InterruptedException, FunctionException {
        List<PackageManager.Request> targets = targets(args);
        if (args.bool("refresh")) {
            pm.refresh();
        }
        return PackageChanges.of(pm, () -> pm.install(targets));
    }
}
