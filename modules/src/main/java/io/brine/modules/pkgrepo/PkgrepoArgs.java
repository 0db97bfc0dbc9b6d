package io.brine.modules.pkgrepo;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.List;

/** The arguments of {@code pkgrepo.managed} for both families, and the rules Salt gives the shared ones. */
final class PkgrepoArgs {
    /** Options a yum/dnf repo file takes that are written as given, under the same key. */
    static final List<String> YUM_KEYS = List.of("baseurl", "mirrorlist", "gpgcheck", "gpgkey", "repo_gpgcheck",
            "metadata_expire", "skip_if_unavailable", "priority", "cost", "sslverify", "exclude", "includepkgs", "proxy",
            "module_hotfixes");

    private PkgrepoArgs() {}

    /** An argument problem, reported as the state's comment. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    static List<Param> managed() {
        List<Param> p = new ArrayList<>(List.of(
                Param.optional("enabled", Type.BOOLEAN, null, "whether the repo is used (the opposite of disabled)"),
                Param.optional("disabled", Type.BOOLEAN, null, "whether the repo is switched off (the opposite of enabled)"),
                Param.optional("comments", Type.STRING_LIST, null, "text kept beside the entry behind #"),
                Param.optional("humanname", Type.STRING, null, "yum/dnf: the repo's 'name' value; defaults to the ID"),
                Param.optional("basedir", Type.STRING, null, "yum/dnf: the directory of the .repo file"),
                Param.optional("file", Type.STRING, null, "apt: the sources file; default the main sources.list"),
                Param.optional("key_url", Type.STRING, null,
                        "apt: the signing key, brine:// (salt://), file:// or http(s):// (armoured keys only), "
                                + "written to the keyring the line names with signed-by"),
                Param.optional("signedby", Type.STRING, null,
                        "apt: the keyring for signed-by; a bare file name is taken in the keyrings directory"),
                Param.optional("aptkey", Type.BOOLEAN, false,
                        "apt: accepted for Salt's sake; keys always go to a signed-by keyring, never to apt-key"),
                Param.optional("refresh", Type.BOOLEAN, null, "apt: run apt-get update after a change (default true)"),
                Param.optional("refresh_db", Type.BOOLEAN, null, "apt: the older name of refresh"),
                Param.optional("clean_file", Type.BOOLEAN, false, "apt: make the entry the file's only content"),
                Param.optional("dist", Type.STRING, null, "apt: the suite, replacing the one in the line"),
                Param.optional("comps", Type.STRING, null, "apt: comma-separated components added to the line's"),
                Param.optional("architectures", Type.STRING, null, "apt: comma-separated architectures (arch=)")));
        for (String key : YUM_KEYS) {
            p.add(Param.optional(key, Type.STRING, null, "yum/dnf: the repo file's " + key + " value"));
        }
        return List.copyOf(p);
    }

    static List<Param> absent() {
        return List.of(Param.optional("basedir", Type.STRING, null, "yum/dnf: the directory of the .repo file"));
    }

    /** Salt's rule: at most one of enabled and disabled, and a repo is enabled unless told otherwise. */
    static boolean disabled(Arguments args) throws Invalid {
        if (args.has("enabled") && args.has("disabled")) {
            throw new Invalid("Only one of enabled/disabled is allowed");
        }
        return args.has("disabled") ? args.bool("disabled") : args.has("enabled") && !args.bool("enabled");
    }

    /** {@code refresh_db} wins over {@code refresh}, as in Salt; both default to true. */
    static boolean refresh(Arguments args) {
        return args.has("refresh_db") ? args.bool("refresh_db") : !args.has("refresh") || args.bool("refresh");
    }
}
