package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.jobs.JobSpec;
import io.brine.jobs.SshOptions;
import io.brine.master.AccessDeniedException;
import io.brine.master.TestPorts;
import io.brine.ssh.LoopbackSshd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brine ssh} end to end against two real sshd "hosts" (two ports, two host keys, two user keys) named in a
 * roster, with no minion on them: shell functions, host keys unknown then accepted, a host that is down, and a
 * state tree with a template and pillar applied through Brine's jar, then applied again with nothing to change. The
 * jar copied is the one this build has just made (the full CLI answers {@code call --local} exactly as the minion
 * package's does), so this runs in the integration-test phase, after {@code package}.
 */
class SshIT {
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private final List<AutoCloseable> started = new ArrayList<>();

    @BeforeAll
    static void needsSshd() {
        assumeTrue(LoopbackSshd.unavailable().isEmpty(), () -> LoopbackSshd.unavailable().orElse(""));
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : started) {
            c.close();
        }
    }

    private <T extends AutoCloseable> T started(T c) {
        started.add(c);
        return c;
    }

    private static JsonNode json(TestCluster.CliResult r) throws Exception {
        return JSON.readTree(r.out());
    }

    @Test
    void shellFunctionsStatesKeysAndADownHostOverSsh() throws Exception {
        assertTrue(Files.isRegularFile(JAR), "the build's jar, made by package: " + JAR);
        LoopbackSshd one = started(LoopbackSshd.start(dir.resolve("host1")));
        LoopbackSshd two = started(LoopbackSshd.start(dir.resolve("host2")));
        Path out = Files.createDirectories(dir.resolve("out-" + UUID.randomUUID()));
        Path roster = Files.writeString(dir.resolve("roster"), "web1:\n  host: 127.0.0.1\n  port: " + one.port()
                + "\n  priv: " + one.userKey() + "\n  grains: {role: web}\n"
                + "web2:\n  host: 127.0.0.1\n  port: " + two.port() + "\n  priv: " + two.userKey()
                + "\n  grains: {role: web}\n"
                + "db1:\n  host: 127.0.0.1\n  port: " + TestPorts.free() + "\n  priv: " + one.userKey() + "\n"
                + "root1:\n  host: 127.0.0.1\n  port: " + one.port() + "\n  priv: " + one.userKey() + "\n  sudo: true\n");
        Path known = Files.writeString(dir.resolve("known_hosts"), one.knownHostsLine()); // web2's is not known
        Path states = Files.createDirectories(dir.resolve("states/web"));
        Files.writeString(states.resolve("init.sls"), out + "/{{ grains['id'] }}.motd:\n  file.managed:\n"
                + "    - source: brine://web/motd.j2\n    - template: jinja\n");
        Files.writeString(states.resolve("motd.j2"), "{{ pillar['motd'] }}, from {{ grains['id'] }} ({{ grains['role'] }})\n");
        Path pillar = Files.createDirectories(dir.resolve("pillar"));
        Files.writeString(pillar.resolve("top.sls"), "base:\n  'role:web':\n    - match: grain\n    - web\n");
        Files.writeString(pillar.resolve("web.sls"), "motd: \"welcome to the {{ grains['role'] }} tier\"\n");
        TestCluster c = started(TestCluster.start(dir, "roster_file: " + roster + "\nssh_known_hosts: " + known
                + "\nssh_minion_jar: " + JAR + "\nfile_roots:\n  base:\n    - " + dir.resolve("states")
                + "\npillar_roots:\n  base:\n    - " + pillar + "\n"));

        // a shell function, argv as typed; web2's key is unknown (refused), db1 is down (not connected)
        TestCluster.CliResult refused = c.cli("ssh", "--out", "json", "*", "cmd.run", "echo \"$((6 * 7))\" 'it''s'");
        assertEquals(1, refused.exit(), refused.out() + refused.err());
        JsonNode job = json(refused);
        assertEquals("42 its", job.at("/returns/web1/ret").asText(), job.toString());
        assertFalse(job.at("/returns/web2/success").asBoolean());
        assertTrue(job.at("/returns/web2/ret").asText().contains("--accept-new"), job.toString());
        assertEquals("not-connected", job.at("/missing/db1").asText(), job.toString());

        Path trap = dir.resolve("trap");
        String hostile = "it's; $(touch " + trap + ") `touch " + trap + "` \"quoted\" & | > <";
        TestCluster.CliResult literal = c.cli("ssh", "--out", "json", "web1", "test.echo", hostile);
        assertEquals(0, literal.exit(), literal.out() + literal.err());
        assertEquals(hostile, json(literal).at("/returns/web1/ret").asText());
        assertFalse(Files.exists(trap), "a metacharacter in an argument ran on the host");

        TestCluster.CliResult accepted = c.cli("ssh", "--accept-new", "--out", "json", "web*", "test.ping");
        assertEquals(0, accepted.exit(), accepted.out() + accepted.err());
        assertTrue(json(accepted).at("/returns/web2/ret").asBoolean());
        assertTrue(Files.readString(known).contains(two.knownHostsLine().split(" ")[2].strip()));

        TestCluster.CliResult sudo = c.cli("ssh", "--out", "json", "root1", "cmd.run", "echo \"$SUDO_COMMAND\"");
        assertEquals(0, sudo.exit(), sudo.out() + sudo.err());
        assertTrue(json(sudo).at("/returns/root1/ret").asText().startsWith("/bin/sh -c"), "ran through sudo: "
                + sudo.out());

        // a state with a template and pillar, through the jar: applied, then nothing left to change
        // a JVM starts on each host for it: the master's 10 s test timeout is not for that on a loaded machine
        TestCluster.CliResult applied = c.cli("ssh", "--out", "json", "--timeout", "90", "-G", "role:web",
                "state.apply", "web");
        assertEquals(0, applied.exit(), applied.out() + applied.err());
        for (String id : List.of("web1", "web2")) {
            // the roster's grains reach the host's own rendering too
            assertEquals("welcome to the web tier, from " + id + " (web)\n", Files.readString(out.resolve(id + ".motd")));
            JsonNode state = json(applied).at("/returns/" + id + "/ret").elements().next();
            assertTrue(state.path("changes").size() > 0, state.toString());
        }
        TestCluster.CliResult again = c.cli("ssh", "--out", "json", "--timeout", "90", "web*", "state.apply", "web");
        assertEquals(0, again.exit(), again.out() + again.err());
        for (String id : List.of("web1", "web2")) {
            JsonNode state = json(again).at("/returns/" + id + "/ret").elements().next();
            assertTrue(state.path("result").asBoolean(), state.toString());
            assertEquals(0, state.path("changes").size(), state.toString());
        }

        // files with a shell alone, a batch of one host at a time
        Path file = Files.writeString(dir.resolve("app.conf"), "port = 8080\n");
        Path dest = Files.createDirectories(dir.resolve("dest-" + UUID.randomUUID()));
        TestCluster.CliResult copied = c.cli("cp", "--ssh", "--out", "json", "web1", file.toString(),
                dest + "/web1.conf");
        assertEquals(0, copied.exit(), copied.out() + copied.err());
        assertEquals("port = 8080\n", Files.readString(dest.resolve("web1.conf")));
        assertEquals(12, json(copied).at("/returns/web1/ret").elements().next().path("size").asInt(), copied.out());
        TestCluster.CliResult batched = c.cli("ssh", "-b", "1", "--out", "json", "web*", "cmd.run", "echo batched");
        assertEquals(0, batched.exit(), batched.out() + batched.err());
        assertEquals("batched", json(batched).at("/returns/web2/ret").asText());

        // a kill closes the runs' sessions: the job ends killed, not at its timeout
        Path began = dir.resolve("began");
        TestCluster.CliResult cast = c.cli("ssh", "--async", "--out", "json", "--timeout", "120", "web1", "cmd.run",
                "touch " + began + "; sleep 100");
        assertEquals(0, cast.exit(), cast.out() + cast.err());
        String sleeper = json(cast).path("jid").asText();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(began) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(Files.exists(began), "the command began on the host");
        assertEquals(0, c.cli("job", "kill", sleeper).exit());
        long killedBy = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20); // not the 100 s
        JsonNode killed = JSON.readTree(c.cli("job", "show", sleeper, "--out", "json").out());
        while (killed.at("/returns/web1").isMissingNode() && System.nanoTime() < killedBy) {
            Thread.sleep(50);
            killed = JSON.readTree(c.cli("job", "show", sleeper, "--out", "json").out());
        }
        assertTrue(killed.at("/returns/web1/ret").asText().contains("killed"), killed.toString());

        // the job is in the job cache as a minion job is
        String jid = json(again).path("jid").asText();
        TestCluster.CliResult shown = c.cli("job", "show", jid, "--out", "json");
        assertEquals(0, shown.exit(), shown.out() + shown.err());
        assertTrue(json(shown).at("/returns/web2/success").asBoolean(), shown.out());
        TestCluster.CliResult listed = c.cli("job", "list", "--out", "json");
        assertTrue(listed.out().contains(jid), listed.out());
        assertThrows(AccessDeniedException.class, () -> c.master.client().as("nobody")
                .call(JobSpec.of("web*", "test.ping").overSsh(SshOptions.KNOWN_HOSTS)));
    }
}
