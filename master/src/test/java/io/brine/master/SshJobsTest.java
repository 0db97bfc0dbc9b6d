package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.SshOptions;
import io.brine.ssh.LoopbackSshd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Jobs over SSH through the embedded master: the route, the ACL on --accept-new, one id namespace. */
class SshJobsTest {
    @TempDir
    Path root;

    @BeforeAll
    static void needsSshd() {
        assumeTrue(LoopbackSshd.unavailable().isEmpty(), () -> LoopbackSshd.unavailable().orElse(""));
    }

    private static String threads() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> e.getKey().getName().contains("ssh") || e.getKey().getName().contains("sshd"))
                .map(e -> e.getKey().getName() + "\n  " + java.util.Arrays.stream(e.getValue()).limit(12)
                        .map(String::valueOf).collect(Collectors.joining("\n  ")))
                .collect(Collectors.joining("\n"));
    }

    @Test
    void aShellFunctionRunsOnARosterHostAndItsIdMayNotBeAMinions() throws Exception {
        try (LoopbackSshd host = LoopbackSshd.start(root.resolve("host"))) {
            Path roster = Files.writeString(root.resolve("roster"), "web1:\n  host: 127.0.0.1\n  port: " + host.port()
                    + "\n  priv: " + host.userKey() + "\n");
            Path known = Files.writeString(root.resolve("known_hosts"), host.knownHostsLine());
            MasterConfig config = MasterConfig.underDirectory(root.resolve("master"), 0);
            config = config.withSsh(config.ssh().withRosterFile(roster).withKnownHosts(known));
            try (Master master = Master.start(config)) {
                Job job = master.client().call(JobSpec.of("web*", "cmd.run", "echo hi").withTimeout(Duration.ofSeconds(20))
                        .overSsh(SshOptions.KNOWN_HOSTS));
                assertEquals(Map.of(), job.missing(), job + "\n" + threads());
                assertEquals("hi", job.returns().get("web1").ret());

                // a minion accepted under the roster host's id: refused, not mixed up in the job cache
                Path accepted = Files.createDirectories(root.resolve("master/pki/minions"));
                Files.write(accepted.resolve("web1"), new byte[32]);
                IllegalArgumentException both = assertThrows(IllegalArgumentException.class, () -> master.client()
                        .call(JobSpec.of("web*", "test.ping").overSsh(SshOptions.KNOWN_HOSTS)));
                assertTrue(both.getMessage().contains("web1, the id of an accepted minion"), both.getMessage());
                Files.delete(accepted.resolve("web1"));

                AccessDeniedException refused = assertThrows(AccessDeniedException.class, () -> master.client()
                        .as("ops").call(JobSpec.of("web*", "test.ping").overSsh(new SshOptions(true))));
                assertTrue(refused.getMessage().contains("@keys") || refused.getMessage().contains("may not"),
                        refused.getMessage());
            }
        }
    }
}
