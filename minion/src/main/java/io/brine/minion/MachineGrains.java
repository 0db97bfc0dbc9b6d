package io.brine.minion;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Salt's grains about the machine itself, read from {@code /proc} and {@code /sys} under a root (tests give
 * another): {@code cpu_model}, {@code num_cpus}, {@code mem_total} and {@code swap_total} (MiB), {@code
 * kernelversion}, {@code virtual} (and {@code virtual_subtype}), {@code init}, {@code machine_id}, {@code efi}.
 * Nothing is run to learn them (Salt may run systemd-detect-virt or dmidecode): a minion's start, and a
 * benchmark's thousands of minions, read a few small files instead.
 */
final class MachineGrains {
    /** What Salt reports for DMI product names it knows. */
    private static final Map<String, String> PRODUCTS = Map.of("VirtualBox", "VirtualBox", "RHEV Hypervisor", "kvm",
            "oVirt Node", "kvm", "Google", "gce", "BHYVE", "bhyve", "KVM", "kvm", "Standard PC", "kvm",
            "VMware", "VMware", "Virtual Machine", "VirtualPC");
    /** DMI system vendors, where the product name says nothing (a QEMU or Firecracker guest). */
    private static final Map<String, String> VENDORS = Map.of("QEMU", "kvm", "Xen", "xen", "Amazon EC2", "Nitro",
            "Microsoft Corporation", "VirtualPC", "VMware, Inc.", "VMware", "innotek GmbH", "VirtualBox",
            "Google", "gce");
    /** Bytes of an init binary searched for the name of the init system it is. */
    private static final int INIT_SCAN = 4 << 20;

    private MachineGrains() {
    }

    static Map<String, Object> of(Path root) {
        Map<String, Object> grains = new TreeMap<>();
        String cpuinfo = read(root.resolve("proc/cpuinfo")).orElse(null); // read once: cpu grains and virtual
        if (cpuinfo != null) {
            cpu(cpuinfo, grains);
        }
        read(root.resolve("proc/meminfo")).ifPresent(meminfo -> {
            mib(meminfo, "MemTotal:").ifPresent(m -> grains.put("mem_total", m));
            mib(meminfo, "SwapTotal:").ifPresent(m -> grains.put("swap_total", m));
        });
        read(root.resolve("proc/sys/kernel/version")).map(String::strip).filter(v -> !v.isEmpty())
                .ifPresent(v -> grains.put("kernelversion", v));
        read(root.resolve("etc/machine-id")).or(() -> read(root.resolve("var/lib/dbus/machine-id")))
                .map(String::strip).filter(v -> !v.isEmpty()).ifPresent(v -> grains.put("machine_id", v));
        grains.put("efi", Files.isDirectory(root.resolve("sys/firmware/efi/efivars"))
                || Files.isDirectory(root.resolve("sys/firmware/efi/vars")));
        grains.put("init", init(root));
        virtual(root, cpuinfo == null ? "" : cpuinfo, grains);
        return grains;
    }

    private static void cpu(String cpuinfo, Map<String, Object> grains) {
        long processors = 0;
        String model = null;
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            if (key.equals("processor")) {
                processors++;
            } else if (key.equals("model name") || key.equals("Processor") || key.equals("cpu")) {
                model = value; // Salt keeps the last one
            }
        }
        grains.put("cpu_model", model == null ? "Unknown" : model);
        if (processors > 0) {
            grains.put("num_cpus", processors);
        }
    }

    private static Optional<Long> mib(String meminfo, String field) {
        return meminfo.lines().filter(l -> l.startsWith(field)).findFirst()
                .map(l -> Long.parseLong("0" + l.replaceAll("[^0-9]", "")) / 1024);
    }

    /**
     * Salt's rule: systemd when {@code /run/systemd/system} exists; else, when process 1 is an {@code .../bin/init},
     * the first of upstart, sysvinit or systemd its binary names; else supervisord, dumb-init, tini or runit when
     * process 1 is one; else unknown.
     */
    static String init(Path root) {
        if (Files.isDirectory(root.resolve("run/systemd/system"))) {
            return "systemd";
        }
        Optional<String> cmdline = read(root.resolve("proc/1/cmdline"));
        if (cmdline.isEmpty() || cmdline.get().isEmpty()) {
            return "unknown";
        }
        String[] words = cmdline.get().split("\0");
        String first = words[0];
        if (first.endsWith("bin/init")) {
            Path binary = root.resolve(first.startsWith("/") ? first.substring(1) : first);
            try {
                binary = binary.toRealPath();
            } catch (IOException e) {
                // the path as written
            }
            String found = scan(binary);
            if (found != null) {
                return found;
            }
        }
        for (String name : new String[] {"supervisord", "dumb-init", "tini"}) {
            if (first.endsWith("/" + name) || first.equals(name)) {
                return name;
            }
        }
        if (first.equals("runit") || cmdline.get().contains("/sbin/my_init")) {
            return "runit";
        }
        return "unknown";
    }

    private static String scan(Path binary) {
        try (InputStream in = Files.newInputStream(binary)) {
            String text = new String(in.readNBytes(INIT_SCAN), StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
            int best = Integer.MAX_VALUE;
            String found = null;
            for (String name : new String[] {"upstart", "sysvinit", "systemd"}) {
                int at = text.indexOf(name);
                if (at >= 0 && at < best) {
                    best = at;
                    found = name;
                }
            }
            return found;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** {@code physical} unless a file says otherwise, as Salt's checks of /proc and /sys find it. */
    private static void virtual(Path root, String cpuinfo, Map<String, Object> grains) {
        String virtual = "physical";
        String subtype = null;
        String product = read(root.resolve("sys/devices/virtual/dmi/id/product_name")).map(String::strip).orElse("");
        String vendor = read(root.resolve("sys/devices/virtual/dmi/id/sys_vendor")).map(String::strip).orElse("");
        for (Map.Entry<String, String> p : PRODUCTS.entrySet()) {
            if (product.startsWith(p.getKey())) {
                virtual = p.getValue();
            }
        }
        if (virtual.equals("physical") && VENDORS.containsKey(vendor)) {
            virtual = VENDORS.get(vendor);
        }
        if (cpuinfo.contains("QEMU Virtual CPU")) {
            virtual = "kvm";
        }
        if (Files.isDirectory(root.resolve("proc/xen"))) {
            virtual = "xen";
        }
        String cgroup = read(root.resolve("proc/1/cgroup")).orElse("");
        String environ = read(root.resolve("proc/1/environ")).orElse("");
        if (cgroup.contains(":/lxc/") || environ.contains("container=lxc")) {
            virtual = "container";
            subtype = "LXC";
        } else if (cgroup.contains(":/docker/") || cgroup.contains(":/system.slice/docker-")
                || Files.exists(root.resolve(".dockerenv"))) {
            virtual = "container";
            subtype = "Docker";
        } else if (environ.contains("container=podman")) {
            virtual = "container";
            subtype = "Podman";
        }
        grains.put("virtual", virtual);
        if (subtype != null) {
            grains.put("virtual_subtype", subtype);
        }
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file, StandardCharsets.ISO_8859_1));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }
}
