package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.BrineVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GrainsTest {
    @TempDir
    Path root;

    @Test
    void thisMachinesGrainsHaveEveryDocumentedKey() {
        Map<String, Object> grains = Grains.collect("web1", Map.of());
        for (String key : List.of("id", "os", "os_family", "osrelease", "kernel", "kernelrelease", "hostname",
                "fqdn", "ipv4", "ipv6", "num_cpus", "mem_total", "cpuarch", "javaversion", "brineversion",
                "saltversion", "saltversioninfo", "pythonversion", "domain", "host", "nodename", "localhost",
                "fqdn_ip4", "fqdn_ip6", "osfinger", "osmajorrelease", "osrelease_info", "osarch", "osfullname",
                "init", "lsb_distrib_id", "lsb_distrib_release", "lsb_distrib_codename", "kernelversion",
                "cpu_model", "swap_total", "virtual", "shell", "path", "uid", "gid", "username", "groupname", "pid",
                "server_id", "ip4_interfaces", "ip6_interfaces", "ip_interfaces", "hwaddr_interfaces", "efi")) {
            assertTrue(grains.containsKey(key), "missing " + key + " in " + grains);
        }
        assertEquals("web1", grains.get("id"));
        assertEquals("Linux", grains.get("kernel"));
        assertEquals(BrineVersion.CURRENT, grains.get("brineversion"));
        assertEquals(java.nio.file.Files.isExecutable(java.nio.file.Path.of("/bin/bash")) ? "/bin/bash" : "/bin/sh",
                grains.get("shell"), "the shell cmd.* run through");
        assertTrue(((List<?>) grains.get("ipv4")).contains("127.0.0.1"));
        assertTrue((Long) grains.get("mem_total") > 0);
        assertFalse(((String) grains.get("hostname")).contains("."));
    }

    @Test
    void customGrainsOverrideCollectedOnes() {
        Map<String, Object> grains = Grains.collect("web1", Map.of("os", "Plan9", "role", "db"));
        assertEquals("Plan9", grains.get("os"));
        assertEquals("db", grains.get("role"));
        assertThrows(UnsupportedOperationException.class, () -> grains.put("x", "y"));
    }

    @Test
    void missingFilesLeaveTheirGrainsOutInsteadOfFailing() {
        Map<String, Object> grains = Grains.collect("web1", Map.of(), root);
        assertFalse(grains.containsKey("os"));
        assertFalse(grains.containsKey("mem_total"));
        assertEquals("web1", grains.get("id"));
    }

    @Test
    void grainsAreReadFromTheGivenFiles() throws Exception {
        Files.createDirectories(root.resolve("usr/lib"));
        Files.createDirectories(root.resolve("proc/sys/kernel"));
        Files.writeString(root.resolve("usr/lib/os-release"), "NAME=\"Alpine Linux\"\nID=alpine\nVERSION_ID=3.19.1\n");
        Files.writeString(root.resolve("proc/meminfo"), "MemTotal:        2048000 kB\nMemFree:  1 kB\n");
        Files.writeString(root.resolve("proc/sys/kernel/hostname"), "db7.example.com\n");
        Map<String, Object> grains = Grains.collect("db7", Map.of(), root);
        assertEquals("Alpine", grains.get("os"));
        assertEquals(2000L, grains.get("mem_total"));
        assertEquals("db7", grains.get("hostname"));
    }

    /** Salt 3006's values for Debian 12, as its own unit test for Debian 12 expects them. */
    @Test
    void debianOsReleaseGivesSaltsDebianGrains() {
        assertEquals(Map.ofEntries(Map.entry("os", "Debian"), Map.entry("os_family", "Debian"),
                Map.entry("osfullname", "Debian GNU/Linux"), Map.entry("osrelease", "12"),
                Map.entry("osrelease_info", List.of(12)), Map.entry("osmajorrelease", 12),
                Map.entry("osfinger", "Debian-12"), Map.entry("oscodename", "bookworm"),
                Map.entry("lsb_distrib_id", "Debian GNU/Linux"), Map.entry("lsb_distrib_release", "12"),
                Map.entry("lsb_distrib_codename", "bookworm"), Map.entry("osarch", "amd64")),
                OsReleaseGrains.of("""
                        PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
                        NAME="Debian GNU/Linux"
                        VERSION_ID="12"
                        VERSION="12 (bookworm)"
                        VERSION_CODENAME=bookworm
                        ID=debian
                        """, "", "x86_64"));
    }

    @Test
    void ubuntuOsReleaseIsInTheDebianFamilyAndItsFingerHasTheWholeRelease() {
        Map<String, Object> g = OsReleaseGrains.of("""
                NAME="Ubuntu"
                VERSION="22.04.4 LTS (Jammy Jellyfish)"
                ID=ubuntu
                ID_LIKE=debian
                VERSION_ID="22.04"
                VERSION_CODENAME=jammy
                """, "DISTRIB_ID=Ubuntu\nDISTRIB_DESCRIPTION=\"Ubuntu 22.04.4 LTS\"\n", "aarch64");
        assertEquals(List.of("Ubuntu", "Debian", "22.04", List.of(22, 4), 22, "Ubuntu-22.04", "jammy",
                "Ubuntu 22.04.4 LTS", "arm64"), List.of(g.get("os"), g.get("os_family"), g.get("osrelease"),
                g.get("osrelease_info"), g.get("osmajorrelease"), g.get("osfinger"), g.get("oscodename"),
                g.get("lsb_distrib_description"), g.get("osarch")));
    }

    @Test
    void centosRockyAndRhelAreInTheRedHatFamilyWithSaltsCodenames() {
        Map<String, Object> rocky = OsReleaseGrains.of("""
                NAME="Rocky Linux"
                VERSION="9.3 (Blue Onyx)"
                ID="rocky"
                ID_LIKE="rhel centos fedora"
                VERSION_ID="9.3"
                PRETTY_NAME="Rocky Linux 9.3 (Blue Onyx)"
                """, "", "x86_64");
        assertEquals(List.of("Rocky", "RedHat", "Rocky Linux-9", "Blue Onyx", "Blue Onyx", "x86_64"), List.of(
                rocky.get("os"), rocky.get("os_family"), rocky.get("osfinger"), rocky.get("oscodename"),
                rocky.get("lsb_distrib_codename"), rocky.get("osarch")));
        Map<String, Object> rhel = OsReleaseGrains.of("""
                NAME="Red Hat Enterprise Linux"
                VERSION="9.4 (Plow)"
                ID="rhel"
                VERSION_ID="9.4"
                PRETTY_NAME="Red Hat Enterprise Linux 9.4 (Plow)"
                """, "", "x86_64");
        assertEquals(List.of("RedHat", "RedHat", "Red Hat Enterprise Linux-9", "Plow",
                "Red Hat Enterprise Linux 9.4 (Plow)", List.of(9, 4)), List.of(rhel.get("os"), rhel.get("os_family"),
                rhel.get("osfinger"), rhel.get("oscodename"), rhel.get("lsb_distrib_codename"),
                rhel.get("osrelease_info")));
        assertEquals("CentOS", Grains.fromOsRelease("NAME=\"CentOS Linux\"\nID=\"centos\"\nVERSION_ID=\"7\"\n")
                .get("os"));
    }

    @Test
    void alpineOsReleaseGivesAlpine() {
        Map<String, Object> g = OsReleaseGrains.of("""
                NAME="Alpine Linux"
                ID=alpine
                VERSION_ID=3.19.1
                PRETTY_NAME="Alpine Linux v3.19"
                """, "", "x86_64");
        assertEquals(List.of("Alpine", "Alpine", "3.19.1", List.of(3, 19, 1), 3, "Alpine Linux-3",
                "Alpine Linux v3.19", "x86_64"), List.of(g.get("os"), g.get("os_family"), g.get("osrelease"),
                g.get("osrelease_info"), g.get("osmajorrelease"), g.get("osfinger"), g.get("oscodename"),
                g.get("osarch")));
    }

    /** Machine and process grains from files under a root: cpuinfo, meminfo, DMI, init, ids. */
    @Test
    void machineAndProcessGrainsAreReadFromTheirFiles() throws Exception {
        Files.createDirectories(root.resolve("proc/sys/kernel"));
        Files.createDirectories(root.resolve("proc/self"));
        Files.createDirectories(root.resolve("proc/1"));
        Files.createDirectories(root.resolve("sys/devices/virtual/dmi/id"));
        Files.createDirectories(root.resolve("run/systemd/system"));
        Files.createDirectories(root.resolve("etc"));
        Files.writeString(root.resolve("proc/cpuinfo"), "processor\t: 0\nmodel name\t: AMD EPYC\n\n"
                + "processor\t: 1\nmodel name\t: AMD EPYC\n");
        Files.writeString(root.resolve("proc/meminfo"), "MemTotal: 2048000 kB\nSwapTotal: 1024 kB\n");
        Files.writeString(root.resolve("proc/sys/kernel/version"), "#1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1\n");
        Files.writeString(root.resolve("sys/devices/virtual/dmi/id/sys_vendor"), "QEMU\n");
        Files.writeString(root.resolve("sys/devices/virtual/dmi/id/product_name"), "Standard PC (Q35 + ICH9, 2009)\n");
        Files.writeString(root.resolve("etc/machine-id"), "0123456789abcdef0123456789abcdef\n");
        Files.writeString(root.resolve("proc/self/status"), "Name:\tjava\nUid:\t1000\t0\t0\t0\nGid:\t5\t0\t0\t0\n");
        Files.writeString(root.resolve("etc/passwd"), "root:x:0:0:root:/root:/bin/bash\n");
        Files.writeString(root.resolve("etc/group"), "root:x:0:\n");
        Map<String, Object> g = Grains.collect("web1", Map.of(), root);
        assertEquals(List.of(2L, "AMD EPYC", 2000L, 1L, "#1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1", "kvm", "systemd",
                "0123456789abcdef0123456789abcdef", false), List.of(g.get("num_cpus"), g.get("cpu_model"),
                g.get("mem_total"), g.get("swap_total"), g.get("kernelversion"), g.get("virtual"), g.get("init"),
                g.get("machine_id"), g.get("efi")));
        assertEquals(List.of(0L, "root", 0L, "root"), List.of(g.get("uid"), g.get("username"), g.get("gid"),
                g.get("groupname")), "the effective ids");
        assertEquals(List.of("3006.10", List.of(3006, 10)), List.of(g.get("saltversion"), g.get("saltversioninfo")));
        // Salt's server_id of "web1": abs(int(sha256(b"web1").hexdigest(), 16) % 2**31)
        assertEquals(ProcessGrains.serverId("web1"), g.get("server_id"));
        assertTrue((Long) g.get("server_id") >= 0 && (Long) g.get("server_id") < (1L << 31));
    }

    @Test
    void initIsSaltsGuessFromProcessOne() throws Exception {
        Files.createDirectories(root.resolve("proc/1"));
        Files.createDirectories(root.resolve("sbin"));
        Files.write(root.resolve("sbin/init"), "\0\0BusyBox ... sysvinit compatible\0".getBytes());
        Files.writeString(root.resolve("proc/1/cmdline"), "/sbin/init\0");
        assertEquals("sysvinit", MachineGrains.init(root));
        Files.writeString(root.resolve("proc/1/cmdline"), "/usr/bin/tini\0--\0app\0");
        assertEquals("tini", MachineGrains.init(root));
        Files.writeString(root.resolve("proc/1/cmdline"), "/app/server\0");
        assertEquals("unknown", MachineGrains.init(root));
    }

    @Test
    void addressesSortAsNumbers() {
        List<String> sorted = new java.util.ArrayList<>(List.of("127.0.0.1", "10.0.0.5", "9.1.1.1"));
        sorted.sort(Grains::byAddress);
        assertEquals(List.of("9.1.1.1", "10.0.0.5", "127.0.0.1"), sorted);
    }

    @Test
    void anUnknownDerivativeFindsItsFamilyThroughIdLike() {
        Map<String, Object> grains = Grains.fromOsRelease("NAME=\"Zorin OS\"\nID=zorin\nID_LIKE=\"ubuntu debian\"\n");
        assertEquals("Zorin", grains.get("os"));
        assertEquals("Debian", grains.get("os_family"));
    }

    @Test
    void ipv6AddressesAreWrittenInTheirShortForm() {
        assertEquals("::1", Grains.compressIpv6("0:0:0:0:0:0:0:1%lo"));
        assertEquals("fe80::1:2:3:4", Grains.compressIpv6("fe80:0:0:0:1:2:3:4%eth0"));
        assertEquals("2001:db8:0:1::", Grains.compressIpv6("2001:db8:0:1:0:0:0:0"));
    }
}
