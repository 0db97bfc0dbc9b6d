package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code pkg.list_pkgs}: every installed package, {@code {name: version}} sorted by name; a package
 * installed at several versions shows them comma-separated, or as a list with
 * {@code versions_as_list}, as in Salt.
 *
 * <p>Example: {@code brine '*' pkg.list_pkgs versions_as_list=true}.
 */
final class PkgListPkgs extends PackageFunction {
    @Override
    public String name() {
        return "pkg.list_pkgs";
    }

    @Override
    public String doc() {
        return "Every installed package as {name: version}.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("versions_as_list", Type.BOOLEAN, false, "give each package's versions as a list"));
    }

    @Override
    Object call(PackageManager pm, Arguments args, FunctionContext context) throws IOException, InterruptedException {
        SortedMap<String, String> installed = pm.listInstalled();
        if (!args.bool("versions_as_list")) {
            return installed;
        }
        SortedMap<String, Object> lists = new TreeMap<>();
        for (Map.Entry<String, String> e : installed.entrySet()) {
            lists.put(e.getKey(), List.of(e.getValue().split(",")));
        }
        return lists;
    }
}
