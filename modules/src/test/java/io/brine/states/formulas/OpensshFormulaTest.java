package io.brine.states.formulas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An openssh formula in the shape of saltstack-formulas' openssh-formula: nested {@code grains.filter_by} with a
 * fallback key, libtofs picking the os family's sshd_config template over the default one, a template macro
 * rendering a pillar mapping as sshd options, a file check before the config is put in place, a banner from
 * {@code contents_pillar}, known hosts, and one ID holding both the package and the service.
 */
class OpensshFormulaTest {
    @TempDir Path work;

    @Test
    void plansAppliesAndReappliesWithoutChanges() throws Exception {
        try (FormulaFixture f = FormulaFixture.load("openssh", work)) {
            Path key = work.resolve("host_key");
            Process keygen = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
                    .redirectErrorStream(true).start();
            assertEquals(0, keygen.waitFor());
            String hostKey = Files.readString(Path.of(key + ".pub")).split(" ")[1];
            @SuppressWarnings("unchecked")
            Map<String, Object> fixture = (Map<String, Object>) f.grains.get("fixture");
            fixture.put("host_key", hostKey);
            f.withPackage(work).withService(work).renderPillar();

            List<String> plan = List.of(
                    "file_|-sshd_config_|-ROOT/etc/ssh/sshd_config_|-managed => null {diff=New file, mode=0644}",
                    "file_|-ssh_banner_|-ROOT/etc/ssh/banner_|-managed => null {diff=New file}",
                    "ssh_known_hosts_|-ssh_known_host_backup.example.test_|-backup.example.test_|-present => null "
                            + "{old=null, new=[{hostname=[backup.example.test]:2222, enc=ssh-ed25519, key=" + hostKey
                            + ", fingerprint=" + fingerprint(hostKey) + "}]}",
                    "ssh_known_hosts_|-ssh_known_host_git.example.test_|-git.example.test_|-present => null "
                            + "{old=null, new=[{hostname=git.example.test, enc=ssh-ed25519, key=" + hostKey
                            + ", fingerprint=" + fingerprint(hostKey) + "}]}",
                    "pkg_|-openssh_|-PKG_|-installed => null {PKG={new=installed, old=}}",
                    "service_|-openssh_|-SVC_|-running => null {SVC=true, enabled=true}");
            StateOutcome planned = f.plan("openssh");
            assertEquals(plan, f.summary(planned), () -> f.comments(planned));

            StateOutcome applied = f.apply("openssh");
            assertTrue(applied.success(), () -> f.comments(applied));
            assertEquals("""
                # Managed by Salt (openssh/files/Debian/sshd_config)
                Port 2200
                AcceptEnv LANG
                AcceptEnv LC_*
                MaxAuthTries 3
                PasswordAuthentication no
                PermitRootLogin no
                UsePAM yes
                Subsystem sftp /usr/lib/openssh/sftp-server
                """, Files.readString(f.root.resolve("etc/ssh/sshd_config")));
            assertEquals("Authorised access only.\n", Files.readString(f.root.resolve("etc/ssh/banner")));
            assertEquals("[backup.example.test]:2222 ssh-ed25519 " + hostKey + "\ngit.example.test ssh-ed25519 "
                    + hostKey + "\n", Files.readString(f.root.resolve("etc/ssh/ssh_known_hosts")));
            assertTrue(f.serviceRunning());

            StateOutcome again = f.apply("openssh");
            assertTrue(again.success(), () -> f.comments(again));
            assertEquals(plan.stream().map(s -> s.substring(0, s.indexOf(" => ")) + " => true {}").toList(),
                    f.summary(again), () -> f.comments(again));
        }
    }

    /** Salt's known_hosts fingerprint: the SHA-256 of the key, in colon-separated hex. */
    private static String fingerprint(String base64Key) throws Exception {
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                .digest(java.util.Base64.getDecoder().decode(base64Key));
        return java.util.HexFormat.ofDelimiter(":").formatHex(digest);
    }
}
