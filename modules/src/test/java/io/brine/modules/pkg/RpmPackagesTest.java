package io.brine.modules.pkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.modules.RecordingCommands;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RpmPackagesTest {
    private static final String QF = "%{VERSION}-%{RELEASE}";

    @Test
    void installedVersionsComeFromRpmAndAMissingPackageIsNone() throws Exception {
        RecordingCommands commands = new RecordingCommands()
                .answer(0, "7.76.1-26.el9_3.2", "rpm", "-q", "--qf", QF, "curl")
                .answer(1, "package nginx is not installed\n", "rpm", "-q", "--qf", QF, "nginx");
        RpmPackages dnf = new RpmPackages(commands, "dnf");
        assertEquals(Optional.of("7.76.1-26.el9_3.2"), dnf.installedVersion("curl"));
        assertEquals(Optional.empty(), dnf.installedVersion("nginx"));
        assertEquals(Map.of("LC_ALL", "C", "DEBIAN_FRONTEND", "noninteractive"), commands.commands().get(0).env(),
                "output is parsed, so the tool runs in the C locale");
    }

    @Test
    void candidateVersionsAskDnfRepoqueryOrYumsRepoqueryAndTakeTheLastLine() throws Exception {
        RecordingCommands commands = new RecordingCommands()
                .answer(0, "1.20.1-14.el9_2.1\n1.22.1-2.module_el9+432\n", "dnf", "-q", "repoquery",
                        "--latest-limit=1", "--qf", "%{version}-%{release}", "nginx")
                .answer(0, "", "dnf", "-q", "repoquery", "--latest-limit=1", "--qf", "%{version}-%{release}",
                        "no-such")
                .answer(0, "2.4.6-99.el7.centos.1\n", "repoquery", "-q", "--qf", "%{version}-%{release}", "httpd");
        assertEquals(Optional.of("1.22.1-2.module_el9+432"),
                new RpmPackages(commands, "dnf").candidateVersion("nginx"));
        assertEquals(Optional.empty(), new RpmPackages(commands, "dnf").candidateVersion("no-such"));
        assertEquals(Optional.of("2.4.6-99.el7.centos.1"), new RpmPackages(commands, "yum").candidateVersion("httpd"));
    }

    @Test
    void changesRunTheFrontendNonInteractivelyWithVersionsAndARepository() throws Exception {
        RecordingCommands commands = new RecordingCommands()
                .answer(0, "", "dnf", "install", "-y", "-q", "curl", "nginx-1.20.1-14.el9_2.1")
                .answer(0, "", "dnf", "install", "-y", "-q", "--disablerepo=*", "--enablerepo=epel", "htop")
                .answer(0, "", "dnf", "install", "-y", "-q", "/tmp/hello-2.10-1.el9.x86_64.rpm")
                .answer(0, "", "dnf", "remove", "-y", "-q", "htop", "curl")
                .answer(0, "", "dnf", "-q", "-y", "makecache")
                .answer(0, "", "dnf", "upgrade", "-y", "-q");
        RpmPackages dnf = new RpmPackages(commands, "dnf");
        dnf.install(List.of(new PackageManager.Request("curl", null),
                new PackageManager.Request("nginx", "1.20.1-14.el9_2.1")));
        dnf.install(List.of(new PackageManager.Request("htop", null)), "epel");
        dnf.installFiles(List.of(Path.of("/tmp/hello-2.10-1.el9.x86_64.rpm")));
        dnf.purge(List.of("htop", "curl"));
        dnf.refresh();
        dnf.upgrade(true);
        assertEquals(List.of(
                List.of("dnf", "install", "-y", "-q", "curl", "nginx-1.20.1-14.el9_2.1"),
                List.of("dnf", "install", "-y", "-q", "--disablerepo=*", "--enablerepo=epel", "htop"),
                List.of("dnf", "install", "-y", "-q", "/tmp/hello-2.10-1.el9.x86_64.rpm"),
                List.of("dnf", "remove", "-y", "-q", "htop", "curl"),
                List.of("dnf", "-q", "-y", "makecache"),
                List.of("dnf", "upgrade", "-y", "-q")), commands.argvs());
    }

    @Test
    void aFailedChangeCarriesTheToolsOwnMessage() {
        RecordingCommands commands = new RecordingCommands()
                .fail(1, "Error: Unable to find a match: no-such-package\n", "yum", "install", "-y", "-q",
                        "no-such-package");
        IOException e = assertThrows(IOException.class, () -> new RpmPackages(commands, "yum")
                .install(List.of(new PackageManager.Request("no-such-package", null))));
        assertTrue(e.getMessage().contains("exit 1") && e.getMessage().contains("Unable to find a match"),
                e.getMessage());
    }

    @Test
    void theInstalledListJoinsSeveralVersionsOfOnePackageAsSaltDoes() throws Exception {
        String rpmQa = """
                bash\t5.1.8-6.el9_1
                kernel\t5.14.0-362.8.1.el9_3
                openssl-libs\t3.0.7-25.el9_3
                kernel\t5.14.0-427.13.1.el9_4
                gpg-pubkey\t8483c65d-5ccc5b19
                """;
        RecordingCommands commands = new RecordingCommands()
                .answer(0, rpmQa, "rpm", "-qa", "--qf", "%{NAME}\t%{VERSION}-%{RELEASE}\n");
        assertEquals(new TreeMap<>(Map.of("bash", "5.1.8-6.el9_1",
                "kernel", "5.14.0-362.8.1.el9_3,5.14.0-427.13.1.el9_4", "openssl-libs", "3.0.7-25.el9_3",
                "gpg-pubkey", "8483c65d-5ccc5b19")), new RpmPackages(commands, "dnf").listInstalled());
    }

    @Test
    void aLocalPackageIsInspectedWithRpmQp() throws Exception {
        RecordingCommands commands = new RecordingCommands()
                .answer(0, "hello 2.10-1.el9", "rpm", "-qp", "--qf", "%{NAME} " + QF, "/tmp/hello.rpm")
                .fail(1, "error: open of /tmp/notes.txt failed: not an rpm package\n", "rpm", "-qp", "--qf",
                        "%{NAME} " + QF, "/tmp/notes.txt");
        RpmPackages dnf = new RpmPackages(commands, "dnf");
        assertEquals(new PackageManager.LocalPackage("hello", "2.10-1.el9"), dnf.inspect(Path.of("/tmp/hello.rpm")));
        assertThrows(IOException.class, () -> dnf.inspect(Path.of("/tmp/notes.txt")));
    }
}
