package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code pkg.latest_version}: the version an install or upgrade would bring, or "" when that version
 * is already installed (or the repositories do not know the package), as Salt answers; a dict for
 * several names. Like Salt, it refreshes the package database first unless told not to.
 *
 * <p>Example: {@code brine '*' pkg.latest_version openssl refresh=false}.
 */
final class PkgLatestVersion extends PackageFunction {
    @Override
    public String name() {
        return "pkg.latest_version";
    }

    @Override
    public String doc() {
        return "Version a package would be installed or upgraded to, \"\" if it is up to date; a {name: version} dict for a list.";
    }

    @Override
    public List<Param> params() {
        return List.of(NAMES, Param.optional("refresh", Type.BOOLEAN, true, "update the package database first"));
    }

    @Override
    Object call(PackageManager pm, Arguments args, FunctionContext context) throws IOException, InterruptedException {
        if (args.bool("refresh")) {
            pm.refresh();
        }
        List<String> names = args.strings("names");
        try {
            names.forEach(PackageManager::requireName);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage());
        }
        Map<String, String> latest = new LinkedHashMap<>();
        for (String name : names) {
            Optional<String> candidate = pm.candidateVersion(name);
            boolean newer = candidate.isPresent() && !candidate.equals(pm.installedVersion(name));
            latest.put(name, newer ? candidate.get() : "");
        }
        return perName(names, latest);
    }
}
