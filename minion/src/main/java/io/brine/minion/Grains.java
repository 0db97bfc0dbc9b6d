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
        String cpuarch = cpuarch(System.getProperty("os.arch"));
        read(root.resolve("etc/os-release")).or(() -> read(root.resolve("usr/lib/os-release")))
                .ifPresent(text -> grains.putAll(OsReleaseGrains.of(text, read(root.resolve("etc/lsb-release"))
                        .orElse(""), cpuarch)));
        grains.put("kernel", System.getProperty("os.name"));
        grains.put("kernelrelease", System.getProperty("os.version"));
        grains.put("cpuarch", cpuarch);
        grains.put("num_cpus", (long) Runtime.getRuntime().availableProcessors()); // /proc/cpuinfo's count wins
        grains.put("javaversion", System.getProperty("java.version"));
        grains.put("brineversion", BrineVersion.CURRENT);
        grains.putAll(MachineGrains.of(root));
        grains.putAll(ProcessGrains.of(minionId, root, System.getenv("PATH")));
        putHostnames(grains, read(root.resolve("proc/sys/kernel/hostname")).map(String::trim));
        putAddresses(grains);
        custom.forEach((name, value) -> grains.put(name,
                Objects.requireNonNull(value, () -> "custom grain '" + name + "' has no value")));
        return Collections.unmodifiableMap(grains);
    }

    /** The os-release grains of an os-release file's text (see {@link OsReleaseGrains}), without osarch. */
    static Map<String, Object> fromOsRelease(String text) {
        return OsReleaseGrains.of(text, "", null);
    }

    static String cpuarch(String javaArch) {
        return switch (javaArch) {
            case "amd64" -> "x86_64";
            case "x86", "i386" -> "i686";
            default -> javaArch;
        };
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
            // Salt's: host and domain split the fqdn at its first dot; nodename and localhost are the kernel's name
            int dot = fqdn.indexOf('.');
            grains.put("host", dot < 0 ? fqdn : fqdn.substring(0, dot));
            grains.put("domain", dot < 0 ? "" : fqdn.substring(dot + 1));
            grains.put("nodename", name);
            grains.put("localhost", name);
            grains.put("fqdn_ip4", resolved(fqdn, Inet4Address.class));
            grains.put("fqdn_ip6", resolved(fqdn, Inet6Address.class));
        }
    }

    /** The addresses {@code fqdn} resolves to, of one family; none when it does not resolve. */
    private static List<String> resolved(String fqdn, Class<? extends InetAddress> family) {
        try {
            return java.util.Arrays.stream(InetAddress.getAllByName(fqdn)).filter(family::isInstance)
                    .map(a -> compressIpv6(a.getHostAddress())).distinct().sorted(Grains::byAddress).toList();
        } catch (IOException | SecurityException e) {
            return List.of();
        }
    }

    private static void putAddresses(Map<String, Object> grains) {
        try {
            Map<String, List<String>> v4 = new TreeMap<>();
            Map<String, List<String>> v6 = new TreeMap<>();
            Map<String, List<String>> all = new TreeMap<>();
            Map<String, String> hwaddr = new TreeMap<>();
            for (NetworkInterface nic : NetworkInterface.networkInterfaces().toList()) {
                List<String> fours = nic.inetAddresses().filter(a -> a instanceof Inet4Address)
                        .map(InetAddress::getHostAddress).toList();
                List<String> sixes = nic.inetAddresses().filter(a -> a instanceof Inet6Address)
                        .map(a -> compressIpv6(a.getHostAddress())).toList();
                v4.put(nic.getName(), fours);
                v6.put(nic.getName(), sixes);
                List<String> both = new java.util.ArrayList<>(fours);
                both.addAll(sixes);
                all.put(nic.getName(), both);
                byte[] mac = nic.getHardwareAddress();
                if (mac != null || nic.isLoopback()) {
                    hwaddr.put(nic.getName(), mac == null ? "00:00:00:00:00:00" : java.util.HexFormat.ofDelimiter(":")
                            .formatHex(mac));
                }
            }
            grains.put("ipv4", v4.values().stream().flatMap(List::stream).distinct().sorted(Grains::byAddress)
                    .toList());
            grains.put("ipv6", v6.values().stream().flatMap(List::stream).distinct().sorted(Grains::byAddress)
                    .toList());
            grains.put("ip4_interfaces", v4);
            grains.put("ip6_interfaces", v6);
            grains.put("ip_interfaces", all);
            grains.put("hwaddr_interfaces", hwaddr);
        } catch (SocketException | SecurityException e) {
            // No readable interfaces: leave the address grains out.
        }
    }

    /** Addresses in numeric order, as Salt sorts them ("9.1.1.1" before "10.0.0.5"). */
    static int byAddress(String a, String b) {
        try {
            byte[] x = InetAddress.getByName(a).getAddress();
            byte[] y = InetAddress.getByName(b).getAddress();
            return x.length != y.length ? Integer.compare(x.length, y.length) : java.util.Arrays.compareUnsigned(x, y);
        } catch (IOException e) {
            return a.compareTo(b);
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
