package io.brine.modules.pkg;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which packages a pkg state is about: {@code pkgs} (names, or one-key {@code name: version}
 * maps) when given, else the state's name with its {@code version}.
 */
final class Targets {
    private Targets() {}

    static List<Param> params() {
        return List.of(
                Param.optional("pkgs", Type.LIST, null, "several packages: names or 'name: version' entries"),
                Param.optional("version", Type.STRING, null, "exact version (with name only)"),
                Param.optional("refresh", Type.BOOLEAN, false, "update the package database first"));
    }

    static List<PackageManager.Request> of(Arguments args) {
        List<Object> pkgs = args.list("pkgs");
        if (pkgs.isEmpty()) {
            return List.of(new PackageManager.Request(args.name(), args.string("version")));
        }
        List<PackageManager.Request> out = new ArrayList<>();
        for (Object item : pkgs) {
            if (item instanceof Map<?, ?> map && map.size() == 1) {
                Map.Entry<?, ?> e = map.entrySet().iterator().next();
                out.add(new PackageManager.Request(String.valueOf(e.getKey()), e.getValue() == null ? null : String.valueOf(e.getValue())));
            } else if (item instanceof String || item instanceof Number) {
                out.add(new PackageManager.Request(String.valueOf(item), null));
            } else {
                throw new IllegalArgumentException("pkgs entries must be names or 'name: version'");
            }
        }
        return out;
    }

    /** Salt's change entry for one package. */
    static Map<String, Object> change(String oldVersion, String newVersion) {
        // ordered as Salt prints them (sorted keys), so outputs and tests compare run to run
        Map<String, Object> change = new java.util.LinkedHashMap<>();
        change.put("new", newVersion == null ? "" : newVersion);
        change.put("old", oldVersion == null ? "" : oldVersion);
        return change;
    }
}
