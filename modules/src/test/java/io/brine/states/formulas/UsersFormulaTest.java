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
 * A users formula in the shape of saltstack-formulas' users-formula: a pillar mapping of users looped with
 * Jinja's loop filter ({@code if user.absent is not defined}), each with its own group, supplementary groups made
 * by an included sls, ~/.ssh and authorized keys, a sudoers file checked before it is put in place, a hashed
 * password, and users to remove.
 */
class UsersFormulaTest {
    @TempDir Path work;

    @Test
    void plansAppliesAndReappliesWithoutChanges() throws Exception {
        FormulaFixture.requireRoot();
        try (FormulaFixture f = FormulaFixture.load("users", work)) {
            String alice = f.id + "a";
            String bob = f.id + "b";
            f.ownsUsers(alice, bob).ownsGroups(alice, bob, f.id + "d");
            Path key = work.resolve("id_ed25519");
            Process keygen = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "alice@laptop",
                    "-f", key.toString()).redirectErrorStream(true).start();
            assertEquals(0, keygen.waitFor());
            String publicKey = Files.readString(Path.of(key + ".pub")).strip();
            @SuppressWarnings("unchecked")
            Map<String, Object> fixture = (Map<String, Object>) f.grains.get("fixture");
            fixture.put("ssh_key", publicKey);
            f.renderPillar();

            StateOutcome planned = f.plan("users");
            assertEquals(List.of(
                    "group_|-group_IDd_|-IDd_|-present => null {name=IDd}",
                    "group_|-users_IDa_group_|-IDa_|-present => null {name=IDa}",
                    "user_|-users_IDa_user_|-IDa_|-present => null {name=IDa, gid=IDa, home=ROOT/home/IDa, "
                            + "shell=/bin/bash, fullname=Alice Example, groups=[IDd]}",
                    "file_|-users_IDa_user_ssh_dir_|-ROOT/home/IDa/.ssh_|-directory => null "
                            + "{ROOT/home/IDa/.ssh=New Dir, user=IDa, group=IDa, mode=0700}",
                    "ssh_auth_|-users_ssh_auth_IDa_0_|-" + publicKey + "_|-present => null {"
                            + publicKey.split(" ")[1] + "=New}",
                    "file_|-users_sudoer-IDa_|-ROOT/etc/sudoers.d/IDa_|-managed => null {diff=New file, mode=0440}",
                    "group_|-users_IDb_group_|-IDb_|-present => null {name=IDb}",
                    "user_|-users_IDb_user_|-IDb_|-present => null {name=IDb, gid=IDb, home=ROOT/home/IDb, shell=/bin/sh, "
                            + "fullname=Bob Example, password=XXX-REDACTED-XXX}",
                    "user_|-users_absent_IDgone_|-IDgone_|-absent => true {}"), f.summary(planned), () -> f.comments(planned));

            StateOutcome applied = f.apply("users");
            assertTrue(applied.success(), () -> f.comments(applied));
            assertEquals(f.root.resolve("home/" + alice).toString(), home(alice));
            assertTrue(Files.readString(f.root.resolve("home/" + alice + "/.ssh/authorized_keys")).contains(publicKey));
            assertEquals("""
                # File managed by Salt (users-formula): edits will be overwritten.
                %s ALL=(root) NOPASSWD:/usr/bin/systemctl
                """.formatted(alice), Files.readString(f.root.resolve("etc/sudoers.d/" + alice)));
            assertTrue(Files.readString(Path.of("/etc/group")).lines()
                    .anyMatch(l -> l.startsWith(f.id + "d:") && l.endsWith(":" + alice)), "alice is in the devs group");
            assertTrue(shadowHash(bob).startsWith("$6$"), "bob's password is hashed with SHA-512 crypt");

            StateOutcome again = f.apply("users");
            assertTrue(again.success(), () -> f.comments(again));
            assertTrue(f.summary(again).stream().allMatch(s -> s.endsWith("=> true {}")), () -> String.join("\n",
                    f.summary(again)));
        }
    }

    private static String home(String user) throws Exception {
        return Files.readAllLines(Path.of("/etc/passwd")).stream().filter(l -> l.startsWith(user + ":"))
                .map(l -> l.split(":")[5]).findFirst().orElseThrow();
    }

    private static String shadowHash(String user) throws Exception {
        return Files.readAllLines(Path.of("/etc/shadow")).stream().filter(l -> l.startsWith(user + ":"))
                .map(l -> l.split(":")[1]).findFirst().orElseThrow();
    }
}
