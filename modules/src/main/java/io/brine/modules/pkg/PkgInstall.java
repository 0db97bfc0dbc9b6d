package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code pkg.install}: installs packages from the repositories, or package files with {@code sources} (as Salt's:
 * {@code [{name: brine://path.deb}]}, or a local absolute path), and returns what changed, as Salt's
 * {@code {name: {old, new}}} (dependencies included); an empty dict when all were installed already. Package
 * files are resolved and checked as the {@code pkg.installed} state does ({@link LocalSources}).
 *
 * <p>Example: {@code brine 'web*' pkg.install pkgs='[curl, {jq: 1.6-2.1}]' refresh=true}, or
 * {@code brine 'web*' pkg.install sources='[{hello: brine://debs/hello_2.10-1_amd64.deb}]'}.
 */
final class PkgInstall extends PackageFunction {
    @Override
    public String name() {
        return "pkg.install";
    }

    @Override
    public String doc() {
        return "Installs packages (name, or pkgs) from the repositories, or package files (sources); returns "
                + "{name: {old, new}} for each package changed.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("name", Type.STRING, null, "the package to install; ignored when pkgs is given"),
                Param.optional("refresh", Type.BOOLEAN, false, "update the package database first"),
                Param.optional("pkgs", Type.LIST, null, "several packages: names or 'name: version' entries"),
                Param.optional("version", Type.STRING, null, "exact version to install (with name only)"),
                Param.optional("sources", Type.LIST, null,
                        "package files: {name: brine://path} or {name: /local/path} entries; name and pkgs ignored"));
    }

    @Override
    Object call(PackageManager pm, Arguments args, FunctionContext context)
            throws IOException, InterruptedException, FunctionException {
        if (!args.list("sources").isEmpty()) {
            return fromFiles(pm, args, context);
        }
        List<PackageManager.Request> targets = targets(args);
        if (args.bool("refresh")) {
            pm.refresh();
        }
        return PackageChanges.of(pm, () -> pm.install(targets));
    }

    private Object fromFiles(PackageManager pm, Arguments args, FunctionContext context)
            throws IOException, InterruptedException, FunctionException {
        List<LocalSources.Source> sources;
        try {
            sources = LocalSources.resolve(args.list("sources"), StateFiles.ofMaster(context.master()), pm);
        } catch (LocalSources.Invalid e) {
            throw new FunctionException(name() + ": " + e.getMessage());
        }
        List<Path> files = new ArrayList<>();
        for (LocalSources.Source source : sources) {
            if (!pm.installedVersion(source.name()).equals(Optional.of(source.version()))) {
                files.add(source.file());
            }
        }
        if (files.isEmpty()) {
            return java.util.Map.of();
        }
        return PackageChanges.of(pm, () -> pm.installFiles(files));
    }
}
