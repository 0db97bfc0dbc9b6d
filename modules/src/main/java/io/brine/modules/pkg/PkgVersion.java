package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.io.IOException;
import java.util.List;

/**
 * {@code pkg.version}: the installed version of one package as a string ("" when not installed), or
 * a name-to-version dict for several, as Salt answers.
 *
 * <p>Example: {@code brine '*' pkg.version '[openssl, curl]'}.
 */
final class PkgVersion extends PackageFunction {
    @Override
    public String name() {
        return "pkg.version";
    }

    @Override
    public String doc() {
        return "Installed version of a package (\"\" if not installed), or a {name: version} dict for a list of names.";
    }

    @Override
    public List<Param> params() {
        return List.of(NAMES);
    }

    @Override
    Object call(PackageManager pm, Arguments args, FunctionContext context) throws IOException, InterruptedException {
        return perName(args.strings("names"), pm.listInstalled());
    }
}
