package io.brine.states.internal.compiler;

import java.util.List;

/** Salt's dotted sls addressing: {@code common.users} is {@code common/users.sls} or {@code common/users/init.sls}. */
final class SlsName {
    private SlsName() {}

    static List<String> candidatePaths(String sls) {
        String base = sls.replace('.', '/');
        return List.of(base + ".sls", base + "/init.sls");
    }

    /**
     * Resolves an include relative to the including file: a leading dot is the including file's own
     * package ({@code .c} from {@code a.b} in {@code a/b.sls} is {@code a.c}, from {@code a/b/init.sls}
     * it is {@code a.b.c}); each further dot climbs one level.
     */
    static String resolve(String include, String fromSls, boolean fromInit) {
        if (!include.startsWith(".")) {
            return include;
        }
        String pkg = fromInit ? fromSls : parent(fromSls);
        String rest = include.substring(1);
        while (rest.startsWith(".")) {
            pkg = parent(pkg);
            rest = rest.substring(1);
        }
        return pkg.isEmpty() ? rest : pkg + "." + rest;
    }

    static boolean valid(String sls) {
        return sls.matches("[A-Za-z0-9_\\-]+(\\.[A-Za-z0-9_\\-]+)*");
    }

    private static String parent(String sls) {
        int dot = sls.lastIndexOf('.');
        return dot < 0 ? "" : sls.substring(0, dot);
    }
}
