package io.brine.minion;

import io.brine.protocol.BrineVersion;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Facts about this machine that targeting and states use, named as Salt names them so that existing
 * habits carry over. Collected once at start; a fact that cannot be read is left out rather than guessed.
 *
 * <p>Example: {@code Grains.collect("web1", Map.of("role", "db")).get("os_family")} is {@code "Debian"} on
 * Ubuntu.
 */
public final class Grains {
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

    private Grains() {
    }

    /** This machine's grains, with {@code custom} (from configuration) overriding any of the same name. */
    public static Map<String, Object> collect(String minionId, Map<String, Object> custom) {
        return collect(minionId, custom, Path.of("/"));
    }

    /** Reads files under {@code root}, so that tests can give a machine without some of them. */
    static Map<String, Object> collect(String minionId, Map<String, Object> custom, Path root) {
        Objects.requireNonNull(minionId, "minionId");
        Map<String, Object> grains = new TreeMap<>();
        grains.put("id", minionId);
        read(root.resolve("etc/os-release")).or(() -> read(root.resolve("usr/lib/os-release")))
                .ifPresent(text -> grains.putAll(fromOsRelease(text)));
        grains.put("kernel", System.getProperty("os.name"));
        grains.put("kernelrelease", System.getProperty("os.version"));
        grains.put("cpuarch", cpuarch(System.getProperty("os.arch")));
        grains.put("num_cpus", Runtime.getRuntime().availableProcessors());
        grains.put("javaversion", System.getProperty("java.version"));
        grains.put("brineversion", BrineVersion.CURRENT);
        grains.put("shell", io.brine.functions.FunctionPolicy.DEFAULT_SHELL); // what cmd.* run through
        read(root.resolve("proc/meminfo")).flatMap(Grains::memTotalMib).ifPresent(m -> grains.put("mem_total", m));
        putHostnames(grains, read(root.resolve("proc/sys/kernel/hostname")).map(String::trim));
        putAddresses(grains);
        custom.forEach((name, value) -> grains.put(name,
                Objects.requireNonNull(value, () -> "custom grain '" + name + "' has no value")));
        return Collections.unmodifiableMap(grains);
    }

    /** The os, os_family, osrelease and oscodename grains described by an os-release file's text. */
    static Map<String, Object> fromOsRelease(String text) {
        Map<String, String> fields = new TreeMap<>();
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.startsWith("#")) {
                fields.put(line.substring(0, eq).trim(), unquote(line.substring(eq + 1).trim()));
            }
        }
        Map<String, Object> grains = new TreeMap<>();
        String id = fields.getOrDefault("ID", "").toLowerCase(Locale.ROOT);
        String os = osName(id, fields.get("NAME"));
        if (os != null) {
            grains.put("os", os);
            grains.put("os_family", family(id, fields.getOrDefault("ID_LIKE", ""), os));
        }
        putIfPresent(grains, "osrelease", fields.get("VERSION_ID"));
        putIfPresent(grains, "oscodename", fields.get("VERSION_CODENAME"));
        return grains;
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

    static String cpuarch(String javaArch) {
        return switch (javaArch) {
            case "amd64" -> "x86_64";
            case "x86", "i386" -> "i686";
            default -> javaArch;
        };
    }

    private static Optional<Long> memTotalMib(String meminfo) {
        return meminfo.lines().filter(l -> l.startsWith("MemTotal:")).findFirst()
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024);
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    // The kernel's name needs no DNS; only fqdn does, and a failed lookup must not cost the other grains.
    private static void putHostnames(Map<String, Object> grains, Optional<String> kernelName) {
        String name = kernelName.filter(n -> !n.isEmpty()).orElse(null);
        String fqdn = null;
        try {
            InetAddress local = InetAddress.getLocalHost();
            name = name != null ? name : local.getHostName();
            String canonical = local.getCanonicalHostName();
            // Like Python's getfqdn: a lookup that only found "localhost" or an address says nothing.
            boolean dotted = canonical.contains(".") && !canonical.startsWith("localhost");
            fqdn = dotted && !canonical.equals(local.getHostAddress()) ? canonical : name;
        } catch (IOException | SecurityException e) {
            fqdn = name;
        }
        if (name != null) {
            grains.put("hostname", name.split("\\.")[0]);
            grains.put("fqdn", fqdn);
        }
    }

    private static void putAddresses(Map<String, Object> grains) {
        try {
            List<InetAddress> all = NetworkInterface.networkInterfaces()
                    .flatMap(NetworkInterface::inetAddresses).toList();
            grains.put("ipv4", all.stream().filter(a -> a instanceof Inet4Address)
                    .map(InetAddress::getHostAddress).distinct().sorted().toList());
            grains.put("ipv6", all.stream().filter(a -> a instanceof Inet6Address)
                    .map(a -> compressIpv6(a.getHostAddress())).distinct().sorted().toList());
        } catch (SocketException | SecurityException e) {
            // No readable interfaces: leave the address grains out.
        }
    }

    /** Java writes "0:0:0:0:0:0:0:1%lo"; Salt and people write "::1". */
    static String compressIpv6(String address) {
        String plain = address.replaceFirst("%.*$", "");
        Matcher zeros = Pattern.compile("(?:^|:)0(?::0)+(?::|$)").matcher(plain);
        String longest = null;
        int at = -1;
        while (zeros.find()) {
            if (longest == null || zeros.group().length() > longest.length()) {
                longest = zeros.group();
                at = zeros.start();
            }
        }
        return longest == null ? plain : plain.substring(0, at) + "::" + plain.substring(at + longest.length());
    }
}
