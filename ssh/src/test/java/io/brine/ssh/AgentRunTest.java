package io.brine.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.jobs.MinionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar path of an agentless run against a real sshd, with a stand-in {@code java} on the target's PATH that
 * prints the job document a minion jar would, made from the files the run unpacked: what is copied, where, once,
 * and how the arguments and pillar arrive. (The real jar runs in the CLI's SshIT.)
 */
class AgentRunTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path root;

    @BeforeAll
    static void needsSshd() {
        assumeTrue(LoopbackSshd.unavailable().isEmpty(), () -> LoopbackSshd.unavailable().orElse(""));
    }

    /** A 'java' that answers with the run's arguments file and the pillar and states it found, as its return. */
    private Path fakeJava(Path bin) throws Exception {
        Files.createDirectories(bin);
        Path java = bin.resolve("java");
        Files.writeString(java, """
                #!/bin/sh
                # java -jar JAR call --local -c DIR/minion.yaml --out json --timeout N --args-file DIR/args.json FUNCTION
                d=$(dirname "$6")
                echo "$2" >> "$d/../jars-run"
                printf '{"jid":"1","returns":{"web1":{"ret":{"args":%s,"pillar":"%s","state":"%s","function":"%s",'\\
                '"files":"%s"},"retcode":0,"success":true,"start_time":"2026-01-01T00:00:00Z",'\\
                '"end_time":"2026-01-01T00:00:01Z"}},"missing":{}}' "$(cat "$d/args.json")" \\
                "$(tail -n 1 "$d/pillar/brine_ssh.sls" | tr -d '"')" "$(cat "$d/states/0/web/init.sls")" "${13}" \\
                "$(ls "$d/states/0/web" | tr '\\n' ' ')"
                """);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    @Test
    void theJarIsCopiedOnceAndEachRunGetsItsArgumentsPillarAndStatesAndLeavesNothingBehind() throws Exception {
        Path bin = fakeJava(root.resolve("bin"));
        Path home = Files.createDirectories(root.resolve("home"));
        try (LoopbackSshd sshd = LoopbackSshd.start(root.resolve("sshd"),
                "SetEnv PATH=" + bin + ":/usr/bin:/bin XDG_CACHE_HOME=" + home + "\n")) {
            Path known = Files.writeString(root.resolve("known_hosts"), sshd.knownHostsLine());
            Path states = Files.createDirectories(root.resolve("states/web"));
            Files.writeString(states.resolve("init.sls"), "pkg-installed");
            Files.createSymbolicLink(states.resolve("inside.sls"), states.resolve("init.sls"));
            Path outside = Files.writeString(root.resolve("master-key.pem"), "never sent");
            Files.createSymbolicLink(states.resolve("leak.sls"), outside);
            Files.writeString(states.resolve("withheld.sls"), "never sent either");
            Path jarFile = Files.writeString(root.resolve("brine-minion.jar"), "not really a jar");
            AgentPayload payload = new AgentPayload(AgentJar.of(jarFile), List.of(root.resolve("states")),
                    Map.of("greeting", "it's {{ not rendered }}"), real -> real.endsWith("withheld.sls"));
            try (SshRunner ssh = SshRunner.start(known, false)) {
                MinionResult first = ssh.run(sshd.host("web1"), "state.apply", List.of("web"), Map.of("test", true),
                        payload, HostRun.of(TIMEOUT));
                assertTrue(first.success(), String.valueOf(first.ret()));
                assertEquals(Map.of("args", Map.of("args", List.of("web"), "kwargs", Map.of("test", true)),
                        "pillar", "{greeting:it's {{ not rendered }}}", "state", "pkg-installed",
                        "function", "state.apply", "files", "init.sls inside.sls "), first.ret(),
                        "a link within the root goes; one out of it, and what the master withholds, do not");
                Path cache = home.resolve("brine/ssh");
                Path jar = cache.resolve(payload.jar().sha256() + ".jar");
                assertEquals("not really a jar", Files.readString(jar));
                MinionResult again = ssh.run(sshd.host("web1"), "cmd.run", List.of("a", "b"), Map.of(), payload,
                        HostRun.of(TIMEOUT));
                assertTrue(again.success(), String.valueOf(again.ret()));
                assertEquals(List.of(jar.toString(), jar.toString()), Files.readAllLines(cache.resolve("jars-run")));
                try (Stream<Path> left = Files.list(cache)) {
                    assertEquals(List.of(jar.getFileName().toString(), "jars-run"),
                            left.map(p -> p.getFileName().toString()).sorted().toList(),
                            "the jar is kept; each run's folder is removed, and no copy is left half made");
                }
            }
        }
    }

    /**
     * A hostile host: output past the runner's bound is cut and counted, never kept whole; a "jar" that prints
     * something other than a job document, or one larger than the bound, is a failed return saying so.
     */
    @Test
    void aHostPrintingWithoutEndOrPrintingGarbageCostsTheMasterOnlyItsBound() throws Exception {
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nif [ \"${13}\" = big ]; then head -c 300000 /dev/zero | tr '\\0' x; "
                + "else echo 'not a job document'; fi\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (LoopbackSshd sshd = LoopbackSshd.start(root.resolve("sshd"), "SetEnv PATH=" + bin + ":/usr/bin:/bin "
                + "XDG_CACHE_HOME=" + Files.createDirectories(root.resolve("home")) + "\n")) {
            Path known = Files.writeString(root.resolve("known_hosts"), sshd.knownHostsLine());
            AgentPayload payload = new AgentPayload(AgentJar.of(Files.writeString(root.resolve("j.jar"), "j")),
                    List.of(), Map.of(), withheld -> false);
            long bound = 64 * 1024;
            try (SshRunner ssh = SshRunner.start(known, false, bound)) {
                MinionResult flood = ssh.run(sshd.host("web1"), "cmd.run", List.of("head -c 5000000 /dev/zero"),
                        Map.of(), null, HostRun.of(TIMEOUT));
                String kept = String.valueOf(flood.ret());
                assertTrue(kept.length() < bound + 200, "kept " + kept.length() + " characters");
                assertTrue(kept.endsWith("[brine: output cut at 65536 bytes; 5000000 bytes in all]"),
                        kept.substring(Math.max(0, kept.length() - 100)));

                MinionResult garbage = ssh.run(sshd.host("web1"), "garbage", List.of(), Map.of(), payload,
                        HostRun.of(TIMEOUT));
                assertFalse(garbage.success());
                assertTrue(String.valueOf(garbage.ret()).contains("gave no return")
                        && String.valueOf(garbage.ret()).contains("not a job document"), String.valueOf(garbage.ret()));

                MinionResult big = ssh.run(sshd.host("web1"), "big", List.of(), Map.of(), payload,
                        HostRun.of(TIMEOUT));
                assertFalse(big.success());
                assertTrue(String.valueOf(big.ret()).contains("larger than 65536 bytes"), String.valueOf(big.ret()));
            }
        }
    }

    @Test
    void aHostWithoutJavaSaysWhatIsMissingAndShellFunctionsStillRun() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(root.resolve("sshd"), "SetEnv PATH=/nonexistent\n")) {
            Path known = Files.writeString(root.resolve("known_hosts"), sshd.knownHostsLine());
            Path jarFile = Files.writeString(root.resolve("brine-minion.jar"), "jar");
            AgentPayload payload = new AgentPayload(AgentJar.of(jarFile), List.of(), Map.of(), withheld -> false);
            try (SshRunner ssh = SshRunner.start(known, false)) {
                MinionResult r = ssh.run(sshd.host("web1"), "state.apply", List.of(), Map.of(), payload, HostRun.of(TIMEOUT));
                assertFalse(r.success());
                assertTrue(String.valueOf(r.ret()).contains("has no 'java' on its PATH"), String.valueOf(r.ret()));
                assertTrue(String.valueOf(r.ret()).contains("Java 17"), String.valueOf(r.ret()));
                MinionResult ping = ssh.run(sshd.host("web1"), "test.ping", List.of(), Map.of(), payload, HostRun.of(TIMEOUT));
                assertEquals(true, ping.ret());
            }
        }
    }

    @Test
    void aRunMayAcceptANewHostKeyThoughTheRunnerDoesNotByDefault() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(root.resolve("sshd"))) {
            Path known = Files.writeString(root.resolve("known_hosts"), "");
            try (SshRunner ssh = SshRunner.start(known, false)) {
                MinionResult r = ssh.run(sshd.host("web1"), "test.ping", List.of(), Map.of(), null,
                        new HostRun(TIMEOUT, true, new RunStopper()));
                assertEquals(true, r.ret());
            }
            assertTrue(Files.readString(known).contains(sshd.knownHostsLine().split(" ")[2].strip()),
                    "the new host's key was added");
        }
    }
}
