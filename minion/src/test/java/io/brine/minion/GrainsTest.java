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
                "fqdn", "ipv4", "ipv6", "num_cpus", "mem_total", "cpuarch", "javaversion", "brineversion")) {
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

    @Test
    void debianOsReleaseGivesDebian() {
        assertEquals(Map.of("os", "Debian", "os_family", "Debian", "osrelease", "12", "oscodename", "bookworm"),
                Grains.fromOsRelease("""
                        PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
                        NAME="Debian GNU/Linux"
                        VERSION_ID="12"
                        VERSION="12 (bookworm)"
                        VERSION_CODENAME=bookworm
                        ID=debian
                        """));
    }

    @Test
    void ubuntuOsReleaseIsInTheDebianFamily() {
        assertEquals(Map.of("os", "Ubuntu", "os_family", "Debian", "osrelease", "22.04", "oscodename", "jammy"),
                Grains.fromOsRelease("""
                        NAME="Ubuntu"
                        VERSION="22.04.4 LTS (Jammy Jellyfish)"
                        ID=ubuntu
                        ID_LIKE=debian
                        VERSION_ID="22.04"
                        VERSION_CODENAME=jammy
                        """));
    }

    @Test
    void centosAndRockyOsReleasesAreInTheRedHatFamily() {
        assertEquals(Map.of("os", "CentOS", "os_family", "RedHat", "osrelease", "7"), Grains.fromOsRelease("""
                NAME="CentOS Linux"
                VERSION="7 (Core)"
                ID="centos"
                ID_LIKE="rhel fedora"
                VERSION_ID="7"
                """));
        assertEquals(Map.of("os", "Rocky", "os_family", "RedHat", "osrelease", "9.3"), Grains.fromOsRelease("""
                NAME="Rocky Linux"
                VERSION="9.3 (Blue Onyx)"
                ID="rocky"
                ID_LIKE="rhel centos fedora"
                VERSION_ID="9.3"
                """));
    }

    @Test
    void alpineOsReleaseGivesAlpine() {
        assertEquals(Map.of("os", "Alpine", "os_family", "Alpine", "osrelease", "3.19.1"), Grains.fromOsRelease("""
                NAME="Alpine Linux"
                ID=alpine
                VERSION_ID=3.19.1
                PRETTY_NAME="Alpine Linux v3.19"
                """));
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
