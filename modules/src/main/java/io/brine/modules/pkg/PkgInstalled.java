package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code pkg.installed}: packages present (at a version, if one is given). With {@code sources},
 * local package files are installed whenever the installed version differs from the file's, so
 * pointing a source at a newer file upgrades.
 */
final class PkgInstalled implements StateFunction {
    @Override
    public String name() {
        return "installed";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(Targets.params());
        params.add(Param.optional("sources", Type.LIST, null, "package files: '- name: brine://path.deb' entries"));
        params.add(Param.optional("fromrepo", Type.STRING, null, "install from this release or repository only"
                + " (apt: -t RELEASE; dnf/yum: that repo alone; apk: --repository)"));
        params.add(Param.optional("runas", Type.STRING, null, "Salt hands it to macOS's brew; package tools here run"
                + " as root and it has no effect"));
        return params;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        Optional<PackageManager> pm = PackageManagers.forGrains(ctx.grains(), ctx.commands());
        if (pm.isEmpty()) {
            return StateResult.failed("No package provider for os_family '" + ctx.grain("os_family") + "'");
        }
        return args.list("sources").isEmpty() ? fromRepositories(args, ctx, pm.get()) : fromFiles(args, ctx, pm.get());
    }

    private StateResult fromRepositories(Arguments args, StateContext ctx, PackageManager pm) throws IOException, InterruptedException {
        List<PackageManager.Request> targets;
        try {
            targets = Targets.of(args);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        targets = resolveLatest(targets, pm, args.bool("refresh") && !ctx.test());
        Map<String, String> before = new LinkedHashMap<>();
        List<PackageManager.Request> needed = new ArrayList<>();
        for (PackageManager.Request t : targets) {
            Optional<String> have = pm.installedVersion(t.name());
            before.put(t.name(), have.orElse(null));
            if (have.isEmpty() || (t.version() != null && !t.version().equals(have.get()))) {
                needed.add(t);
            }
        }
        if (needed.isEmpty()) {
            return StateResult.ok("All specified packages are already installed");
        }
        Map<String, Object> planned = new LinkedHashMap<>();
        needed.forEach(t -> planned.put(t.name(), Targets.change(before.get(t.name()), t.version() == null ? "installed" : t.version())));
        if (ctx.test()) {
            return StateResult.pending(planned, "The following packages would be installed/updated: " + String.join(", ", planned.keySet()));
        }
        if (args.bool("refresh")) {
            pm.refresh();
        }
        List<Expected> expected = needed.stream().map(t -> new Expected(t.name(), t.version())).toList();
        return verify(pm, expected, () -> pm.install(needed, args.string("fromrepo")));
    }

    /**
     * Salt's {@code version: latest}: the newest version the repositories offer, or the installed one when there is
     * none newer; a package no repository offers keeps no version, so installing it fails with the tool's reason.
     */
    private static List<PackageManager.Request> resolveLatest(List<PackageManager.Request> targets, PackageManager pm,
            boolean refresh) throws IOException, InterruptedException {
        if (targets.stream().noneMatch(t -> "latest".equals(t.version()))) {
            return targets;
        }
        if (refresh) {
            pm.refresh();
        }
        List<PackageManager.Request> resolved = new ArrayList<>();
        for (PackageManager.Request t : targets) {
            if (!"latest".equals(t.version())) {
                resolved.add(t);
                continue;
            }
            Optional<String> newest = pm.candidateVersion(t.name());
            if (newest.isEmpty()) {
                newest = pm.installedVersion(t.name());
            }
            resolved.add(new PackageManager.Request(t.name(), newest.orElse(null)));
        }
        return resolved;
    }

    private StateResult fromFiles(Arguments args, StateContext ctx, PackageManager pm) throws IOException, InterruptedException {
        List<LocalSources.Source> sources;
        try {
            sources = LocalSources.resolve(args.list("sources"), ctx.files(), pm);
        } catch (LocalSources.Invalid e) {
            return StateResult.failed(e.getMessage());
        }
        Map<String, String> before = new LinkedHashMap<>();
        List<Path> files = new ArrayList<>();
        List<Expected> expected = new ArrayList<>();
        for (LocalSources.Source source : sources) {
            Optional<String> have = pm.installedVersion(source.name());
            before.put(source.name(), have.orElse(null));
            if (!have.equals(Optional.of(source.version()))) {
                files.add(source.file());
                expected.add(new Expected(source.name(), source.version()));
            }
        }
        if (files.isEmpty()) {
            return StateResult.ok("All specified packages are already installed");
        }
        Map<String, Object> planned = new LinkedHashMap<>();
        expected.forEach(x -> planned.put(x.name(), Targets.change(before.get(x.name()), x.version())));
        if (ctx.test()) {
            return StateResult.pending(planned, "The following packages would be installed/updated: " + String.join(", ", planned.keySet()));
        }
        return verify(pm, expected, () -> pm.installFiles(files));
    }

    /** A package and the version it must have afterwards (null: any). */
    record Expected(String name, String version) {}

    /**
     * Makes the change and reports what really changed, as {@code pkg.install} reports it (dependencies
     * included), failing with the tool's message, or naming any package that did not end up as asked.
     */
    static StateResult verify(PackageManager pm, List<Expected> expected, PackageChanges.Change install)
            throws IOException, InterruptedException {
        Map<String, Object> changes;
        try {
            changes = PackageChanges.of(pm, install);
        } catch (PackageChanges.Failed e) {
            return new StateResult(false, e.changes(), e.getMessage());
        }
        List<String> failed = new ArrayList<>();
        for (Expected x : expected) {
            Optional<String> now = pm.installedVersion(x.name());
            if (now.isEmpty() || (x.version() != null && !x.version().equals(now.get()))) {
                failed.add(x.name());
            }
        }
        if (!failed.isEmpty()) {
            return new StateResult(false, changes, "The following packages failed to install/update: " + String.join(", ", failed));
        }
        return StateResult.changed(changes, "The following packages were installed/updated: " + String.join(", ", changes.keySet()));
    }
}
