package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.io.IOException;
import java.util.List;

/**
 * {@code pkg.refresh_db}: updates the package database from the repositories (apt-get update, dnf
 * makecache, apk update); true when it did, a failure naming the tool's complaint when not.
 *
 * <p>Example: {@code brine '*' pkg.refresh_db}.
 */
final class PkgRefreshDb extends PackageFunction {
    @Override
    public String name() {
        return "pkg.refresh_db";
    }

    @Override
    public String doc() {
        return "Updates the package database from the repositories; returns true.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    Object call(PackageManager pm, Arguments args, FunctionContext context) throws IOException, InterruptedException {
        pm.refresh();
        return true;
    }
}
