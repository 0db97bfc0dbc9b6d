package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code pkg.remove} and {@code pkg.purge}: removes those of the named packages that are installed
 * (purge also deletes their configuration files on apt, even of packages already removed; elsewhere
 * it is remove) and returns Salt's {@code {name: {old, new: ""}}} for installed packages it removed;
 * an empty dict when there was nothing to do. The pkg.removed state
 * removes through {@link #removeInstalled} too.
 *
 * <p>Example: {@code brine 'web*' pkg.purge pkgs='[nginx, nginx-common]'}.
 */
final class PkgRemove extends PackageFunction {
    /** What a removal changed, and which of the packages are still installed after it. */
    record Removal(Map<String, Object> changes, List<String> left) {}

    private final boolean purge;

    PkgRemove(boolean purge) {
        this.purge = purge;
    }

    @Override
    public String name() {
        return purge ? "pkg.purge" : "pkg.remove";
    }

    @Override
    public String doc() {
        return purge
                ? "Removes packages (name, or pkgs) with their configuration files; returns {name: {old, new}} for each package changed."
                : "Removes packages (name, or pkgs); returns {name: {old, new}} for each package changed.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("name", Type.STRING, null, "the package to remove; ignored when pkgs is given"),
                Param.optional("pkgs", Type.LIST, null, "several package names"));
    }

    @Override
    Object call(PackageManager pm, Arguments args, FunctionContext context)
            throws IOException, InterruptedException, FunctionException {
        List<String> present = new ArrayList<>();
        for (PackageManager.Request t : targets(args)) {
            if (pm.installedVersion(t.name()).isPresent() || (purge && pm.hasLeftovers(t.name()))) {
                present.add(t.name());
            }
        }
        if (present.isEmpty()) {
            return Map.of();
        }
        Removal removal = removeInstalled(pm, present, purge);
        if (!removal.left().isEmpty()) {
            throw new FunctionException(name() + ": still installed after removal: " + String.join(", ", removal.left())
                    + (removal.changes().isEmpty() ? "" : "; changes: " + removal.changes()));
        }
        return removal.changes();
    }

    /** Removes (or purges) packages known to be installed, and checks that they are gone. */
    static Removal removeInstalled(PackageManager pm, List<String> present, boolean purge)
            throws IOException, InterruptedException {
        Map<String, Object> changes = PackageChanges.of(pm, () -> {
            if (purge) {
                pm.purge(present);
            } else {
                pm.remove(present);
            }
        });
        List<String> left = new ArrayList<>();
        for (String name : present) {
            if (pm.installedVersion(name).isPresent()) {
                left.add(name);
            }
        }
        return new Removal(changes, left);
    }
}
