package io.brine.minion;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The grains Salt derives from {@code /etc/os-release} (and Ubuntu's {@code /etc/lsb-release}), with Salt 3006's
 * names, shapes and rules: {@code os}, {@code os_family}, {@code osfullname}, {@code osrelease} and its
 * {@code osrelease_info}, {@code osmajorrelease}, {@code osfinger}, {@code oscodename}, {@code osarch} and the
 * {@code lsb_distrib_*} grains. On Debian 12: {@code Debian}, {@code Debian}, {@code Debian GNU/Linux}, {@code 12},
 * {@code [12]}, {@code 12}, {@code Debian-12}, {@code bookworm}, {@code amd64}.
 */
final class OsReleaseGrains {
    private static final Map<String, String> OS_NAMES = Map.of(
            "rhel", "RedHat", "almalinux", "AlmaLinux", "sles", "SUSE", "opensuse-leap", "SUSE",
            "opensuse-tumbleweed", "SUSE", "ol", "OEL", "amzn", "Amazon");
    private static final Map<String, List<String>> FAMILIES = Map.of(
            "Debian", List.of("debian", "ubuntu", "raspbian", "linuxmint", "devuan", "kali", "pop"),
            "RedHat", List.of("rhel", "centos", "fedora", "rocky", "almalinux", "ol", "amzn", "scientific"),
            "Suse", List.of("suse", "sles", "opensuse", "opensuse-leap", "opensuse-tumbleweed"),
            "Arch", List.of("arch", "manjaro", "endeavouros"),
            "Alpine", List.of("alpine"),
            "Gentoo", List.of("gentoo"));
    /** Salt's osfinger is "os-major" for these, "os-osrelease" for Ubuntu and Pop, else "osfullname-major". */
    private static final List<String> FINGER_BY_OS = List.of("Debian", "FreeBSD", "OpenBSD", "NetBSD", "Mac",
            "Raspbian");
    /** Debian's architecture names (dpkg --print-architecture) for the kernel's. */
    private static final Map<String, String> DEBIAN_ARCH = Map.of("x86_64", "amd64", "aarch64", "arm64", "i686",
            "i386", "armv7l", "armhf", "ppc64le", "ppc64el", "s390x", "s390x", "riscv64", "riscv64");
    private static final Pattern PARENTHESIZED = Pattern.compile("\\(([^)]+)\\)");

    private OsReleaseGrains() {
    }

    /**
     * @param osRelease the os-release file's text
     * @param lsbRelease /etc/lsb-release's text, or "" where there is none
     * @param cpuarch the kernel's architecture ({@code x86_64}), for {@code osarch}
     */
    static Map<String, Object> of(String osRelease, String lsbRelease, String cpuarch) {
        Map<String, String> fields = fields(osRelease);
        Map<String, Object> grains = new TreeMap<>();
        String id = fields.getOrDefault("ID", "").toLowerCase(Locale.ROOT);
        String os = osName(id, fields.get("NAME"));
        String family = null;
        if (os != null) {
            family = family(id, fields.getOrDefault("ID_LIKE", ""), os);
            grains.put("os", os);
            grains.put("os_family", family);
        }
        String fullname = fields.getOrDefault("NAME", "").strip();
        String release = fields.getOrDefault("VERSION_ID", "").strip();
        putIfPresent(grains, "osfullname", fullname);
        putIfPresent(grains, "lsb_distrib_id", fullname);
        putIfPresent(grains, "osrelease", release);
        putIfPresent(grains, "lsb_distrib_release", release);
        if (!release.isEmpty()) {
            List<Object> info = releaseInfo(release);
            grains.put("osrelease_info", info);
            if (info.get(0) instanceof Integer major) {
                grains.put("osmajorrelease", major);
            }
            if (os != null) {
                grains.put("osfinger", finger(os, fullname, release, info.get(0)));
            }
        }
        String codename = codename(id, fields);
        putIfPresent(grains, "lsb_distrib_codename", codename);
        putIfPresent(grains, "oscodename", codename != null && codename.contains("Red Hat")
                ? parenthesized(fields.get("VERSION")) : codename);
        putIfPresent(grains, "lsb_distrib_description", fields(lsbRelease).get("DISTRIB_DESCRIPTION"));
        if (cpuarch != null) {
            grains.put("osarch", "Debian".equals(family) ? DEBIAN_ARCH.getOrDefault(cpuarch, cpuarch) : cpuarch);
        }
        return grains;
    }

    static Map<String, String> fields(String text) {
        Map<String, String> fields = new TreeMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.startsWith("#")) {
                fields.put(line.substring(0, eq).trim(), unquote(line.substring(eq + 1).trim()));
            }
        }
        return fields;
    }

    /** "12" is [12], "9.4" is [9, 4], "3.19.1" is [3, 19, 1]; a part that is not a number stays text. */
    private static List<Object> releaseInfo(String release) {
        List<Object> info = new ArrayList<>();
        for (String part : release.split("\\.")) {
            info.add(part.matches("[0-9]{1,9}") ? (Object) Integer.valueOf(part) : part);
        }
        return List.copyOf(info);
    }

    private static String finger(String os, String fullname, String release, Object major) {
        if (os.equals("Ubuntu") || os.equals("Pop")) {
            return os + "-" + release;
        }
        return (FINGER_BY_OS.contains(os) ? os : fullname) + "-" + major;
    }

    /**
     * VERSION_CODENAME where the release names one; Rocky's and Alma's from VERSION's parentheses ("9.3 (Blue
     * Onyx)"); else PRETTY_NAME, as Salt falls back to it.
     */
    private static String codename(String id, Map<String, String> fields) {
        String named = fields.get("VERSION_CODENAME");
        if (named != null && !named.isBlank()) {
            return named.strip();
        }
        if (id.equals("rocky") || id.equals("almalinux")) {
            String inParentheses = parenthesized(fields.get("VERSION"));
            if (inParentheses != null) {
                return inParentheses;
            }
        }
        String pretty = fields.get("PRETTY_NAME");
        return pretty == null || pretty.isBlank() ? null : pretty.strip();
    }

    private static String parenthesized(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = PARENTHESIZED.matcher(text);
        return m.find() ? m.group(1).strip() : null;
    }

    // Salt names a few distributions differently from their NAME ("Red Hat Enterprise Linux" is "RedHat").
    private static String osName(String id, String name) {
        if (OS_NAMES.containsKey(id)) {
            return OS_NAMES.get(id);
        }
        if (name != null && !name.isBlank()) {
            return name.trim().split("\\s+")[0];
        }
        return id.isEmpty() ? null : Character.toUpperCase(id.charAt(0)) + id.substring(1);
    }

    // ID_LIKE lets derivatives we have never heard of (e.g. "ID_LIKE=ubuntu debian") still find a family.
    private static String family(String id, String idLike, String os) {
        for (String candidate : (id + " " + idLike.toLowerCase(Locale.ROOT)).trim().split("\\s+")) {
            for (Map.Entry<String, List<String>> f : FAMILIES.entrySet()) {
                if (f.getValue().contains(candidate)) {
                    return f.getKey();
                }
            }
        }
        return os;
    }

    private static String unquote(String v) {
        boolean quoted = v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'')
                && v.charAt(v.length() - 1) == v.charAt(0);
        return quoted ? v.substring(1, v.length() - 1).replace("\\\"", "\"") : v;
    }

    private static void putIfPresent(Map<String, Object> grains, String name, String value) {
        if (value != null && !value.isEmpty()) {
            grains.put(name, value);
        }
    }
}
