package io.brine.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.jobs.MinionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two real sshd "hosts" on loopback, and brine's SSH runner against them: no minion anywhere. */
class SshRunnerTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path root;

    @BeforeAll
    static void needsSshd() {
        assumeTrue(LoopbackSshd.unavailable().isEmpty(), () -> LoopbackSshd.unavailable().orElse(""));
    }

    @Test
    void twoHostsAnswerAndArgumentsWithShellMetacharactersArriveLiterally() throws Exception {
        try (LoopbackSshd one = LoopbackSshd.start(root.resolve("one")); LoopbackSshd two = LoopbackSshd.start(root.resolve("two"))) {
            Path known = Files.writeString(root.resolve("known_hosts"), one.knownHostsLine() + two.knownHostsLine());
            Path trap = root.resolve("trap");
            String hostile = "it's; $(touch " + trap + ") & `touch " + trap + "` \"quoted\" \\n\nsecond line";
            try (SshRunner ssh = SshRunner.start(known, false)) {
                assertEquals(true, ssh.run(two.host("web2"), "test.ping", List.of(), TIMEOUT).ret());
                RosterHost host = one.host("web1");
                MinionResult echo = ssh.run(host, "test.echo", List.of(hostile), TIMEOUT);
                assertEquals(hostile, echo.ret());
                assertTrue(echo.success());
                MinionResult run = ssh.run(host, "cmd.run", List.of("echo $((1 + 2)); echo to-stderr >&2; exit 3"),
                        TIMEOUT);
                assertEquals("3\nto-stderr", run.ret());
                assertEquals(3, run.retcode());
                assertFalse(run.success());
                MinionResult all = ssh.run(host, "cmd.run_all", List.of("printf out; printf err >&2"), TIMEOUT);
                assertEquals(Map.of("retcode", 0, "stdout", "out", "stderr", "err"), all.ret());
            }
            assertFalse(Files.exists(trap), "a metacharacter in an argument ran on the target");
        }
    }

    @Test
    void anUnknownHostKeyIsRefusedUnlessNewOnesAreAcceptedAndThenItIsRemembered() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(root.resolve("one"))) {
            Path known = Files.writeString(root.resolve("known_hosts"), "");
            try (SshRunner ssh = SshRunner.start(known, false)) {
                SshUnreachable refused = assertThrows(SshUnreachable.class,
                        () -> ssh.run(sshd.host("web1"), "test.ping", List.of(), TIMEOUT));
                assertTrue(refused.getMessage().startsWith("web1 (root@127.0.0.1:" + sshd.port() + "): "),
                        refused.getMessage());
            }
            try (SshRunner ssh = SshRunner.start(known, true)) {
                assertEquals(true, ssh.run(sshd.host("web1"), "test.ping", List.of(), TIMEOUT).ret());
            }
            assertTrue(Files.readString(known).contains(sshd.knownHostsLine().split(" ")[2].trim()),
                    "the accepted key is remembered: " + Files.readString(known));
            try (SshRunner ssh = SshRunner.start(known, false)) {
                assertEquals(true, ssh.run(sshd.host("web1"), "test.ping", List.of(), TIMEOUT).ret());
            }
        }
    }

    @Test
    void aHostWhoseKeyChangedIsRefusedEvenWhenNewKeysAreAccepted() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(root.resolve("one"))) {
            // known_hosts holds another key for the same [127.0.0.1]:port: a machine in the middle, or a rebuilt host
            Path other = root.resolve("other_key");
            LoopbackSshd.keygen(other);
            String[] key = Files.readString(root.resolve("other_key.pub")).trim().split(" ");
            Path known = Files.writeString(root.resolve("known_hosts"),
                    "[127.0.0.1]:" + sshd.port() + " " + key[0] + " " + key[1] + "\n");
            String before = Files.readString(known);
            try (SshRunner ssh = SshRunner.start(known, true)) {
                assertThrows(SshUnreachable.class, () -> ssh.run(sshd.host("web1"), "test.ping", List.of(), TIMEOUT));
            }
            assertEquals(before, Files.readString(known), "the recorded key stays as it was");
        }
    }

    @Test
    void aHostThatIsDownIsUnreachableNotAFailedResult() throws Exception {
        Path known = Files.writeString(root.resolve("known_hosts"), "");
        RosterHost down = new RosterHost("down1", "127.0.0.1", unusedPort(), "root", root.resolve("none"),
                false, Duration.ofSeconds(5), Map.of());
        try (SshRunner ssh = SshRunner.start(known, false)) {
            SshUnreachable e = assertThrows(SshUnreachable.class,
                    () -> ssh.run(down, "test.ping", List.of(), TIMEOUT));
            assertTrue(e.getMessage().startsWith("down1 (root@127.0.0.1:"), e.getMessage());
            MinionResult notShell = ssh.run(down, "state.apply", List.of(), TIMEOUT);
            assertFalse(notShell.success());
            assertTrue(String.valueOf(notShell.ret()).contains("Brine's minion jar"), String.valueOf(notShell.ret()));
        }
    }

    @Test
    void aKnownHostsFileThatCannotBeReadWholeTrustsNoHostEvenWithAcceptNew() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(root.resolve("one"))) {
            Path other = root.resolve("other_key");
            LoopbackSshd.keygen(other);
            String[] key = Files.readString(root.resolve("other_key.pub")).trim().split(" ");
            // the host's entry names another key (changed), and a line the reader cannot decode follows it
            Path known = Files.writeString(root.resolve("known_hosts"), "[127.0.0.1]:" + sshd.port() + " " + key[0]
                    + " " + key[1] + "\n[127.0.0.1]:" + sshd.port() + " ssh-ed25519 not-base64-at-all!!\n");
            String before = Files.readString(known);
            try (SshRunner ssh = SshRunner.start(known, true)) {
                assertThrows(SshUnreachable.class, () -> ssh.run(sshd.host("web1"), "test.ping", List.of(), TIMEOUT));
            }
            assertEquals(before, Files.readString(known), "nothing was added");
        }
    }

    @Test
    void aStoppedRunEndsAtOnceThoughItsCommandWouldRunOn() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(root.resolve("one"))) {
            Path known = Files.writeString(root.resolve("known_hosts"), sshd.knownHostsLine());
            Path started = root.resolve("started");
            RunStopper stopper = new RunStopper();
            try (SshRunner ssh = SshRunner.start(known, false)) {
                java.util.concurrent.CompletableFuture<Object> run = java.util.concurrent.CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return ssh.run(sshd.host("web1"), "cmd.run", List.of("touch " + started + "; sleep 60"),
                                        Map.of(), null, new HostRun(Duration.ofSeconds(90), false, stopper));
                            } catch (SshUnreachable e) {
                                return e;
                            }
                        });
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                while (!Files.exists(started) && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertTrue(Files.exists(started), "the command began");
                stopper.stop();
                Object ended = run.get(10, TimeUnit.SECONDS); // not the 60 s of the command
                assertFalse(ended instanceof MinionResult r && r.success(), String.valueOf(ended));
            }
        }
    }

    private static int unusedPort() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
