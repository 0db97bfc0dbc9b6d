package io.brine.modules.mount;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which of the wanted mount options the mounted file system does not show, so a remount is due. As in Salt, options
 * the kernel never reports (defaults, nofail, _netdev...) and secret keys (password=...) cannot be compared and are
 * left out, and sizes are compared in kibibytes, as tmpfs reports them.
 */
final class RemountCheck {
    private static final Set<String> INVISIBLE = Set.of("_netdev", "actimeo", "bg", "comment", "defaults",
            "delay_connect", "direct-io-mode", "intr", "loop", "nointr", "nobootwait", "nofail", "password", "reconnect",
            "retry", "soft", "auto", "users", "bind", "nonempty", "transform_symlinks", "port", "backup-volfile-servers");
    private static final Set<String> INVISIBLE_KEYS = Set.of("actimeo", "comment", "credentials", "direct-io-mode",
            "password", "port", "retry", "secretfile");
    private static final Map<String, String> TRANSLATED = Map.of("tcp", "proto=tcp", "udp", "proto=udp");
    private static final Map<String, Set<String>> IGNORED_KEYS = Map.of("ramfs", Set.of("size"));
    private static final Pattern SIZE = Pattern.compile("size=([0-9]+)([kmg])");

    private RemountCheck() {}

    /** The wanted options missing from the active ones, sorted; empty when no remount is needed. */
    static List<String> missing(List<String> wanted, List<String> active, String fstype) {
        List<String> activeNormal = active.stream().map(RemountCheck::kibibytes).toList();
        Set<String> ignoredKeys = IGNORED_KEYS.getOrDefault(fstype, Set.of());
        TreeSet<String> out = new TreeSet<>();
        for (String opt : wanted) {
            String o = kibibytes(TRANSLATED.getOrDefault(opt, opt));
            String key = o.split("=", 2)[0];
            if (INVISIBLE.contains(o) || INVISIBLE_KEYS.contains(key) || ignoredKeys.contains(key)) {
                continue;
            }
            if (!activeNormal.contains(o)) {
                out.add(o);
            }
        }
        return new ArrayList<>(out);
    }

    private static String kibibytes(String opt) {
        Matcher m = SIZE.matcher(opt);
        if (!m.matches()) {
            return opt;
        }
        long value = Long.parseLong(m.group(1));
        long k = switch (m.group(2)) {
            case "m" -> value * 1024;
            case "g" -> value * 1024 * 1024;
            default -> value;
        };
        return "size=" + k + "k";
    }
}
