package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.bench.HttpsTarget;
import io.brine.master.TestPorts;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Minions over HTTPS and over ZeroMQ, side by side on one master: the same keys, jobs and files, whatever carries
 * them (docs/transports.md). The master's certificate is a throwaway one openssl makes for 127.0.0.1, and it is the
 * minion's {@code ca_file}.
 */
class HttpsTransportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(20);
    /**
     * A minion's reconnections back off up to 8 s while its master is away; a restart on a loaded CI machine (two test
     * JVMs and a build) has taken long enough for that to pass 20 s once.
     */
    private static final Duration AFTER_RESTART = Duration.ofSeconds(45);

    @TempDir
    Path root;
    private Path cert;
    private Path key;
    private int httpsPort;

    @BeforeEach
    void certificate() throws Exception {
        httpsPort = TestPorts.free();
        HttpsTarget made = HttpsTarget.make(root, httpsPort);
        cert = made.cert();
        key = made.key();
    }

    private TestCluster cluster() throws Exception {
        Path states = Files.createDirectories(root.resolve("states"));
        // one state for both minions: a file in each one's own allowed root, from its id
        Files.writeString(states.resolve("motd.sls"), "motd:\n  file.managed:\n    - name: " + root.resolve("minions")
                + "/{{ grains['id'] }}/files/motd-state\n    - makedirs: true\n"
                + "    - contents: carried by {{ grains['id'] }}\n"
                + "banner:\n  file.managed:\n    - name: " + root.resolve("minions")
                + "/{{ grains['id'] }}/files/banner\n    - source: brine://banner.txt\n");
        // fetched by each minion from the master's file server, in chunks, over its own transport
        Files.writeString(states.resolve("banner.txt"), "served alike\n".repeat(30_000));
        return TestCluster.start(root, "auto_accept: true\nfile_roots:\n  base:\n    - " + states
                + "\nhttps:\n  interface: 127.0.0.1\n  port: " + httpsPort + "\n  tls_cert: " + cert
                + "\n  tls_key: " + key + "\n");
    }

    private Minion overHttps(TestCluster c, String id, String proxy) throws IOException {
        return c.addMinion(id, m -> m.withHttps(List.of("https://127.0.0.1:" + httpsPort), cert, proxy));
    }

    @Test
    void oneGlobReachesAMinionOverHttpsAndOneOverZeroMqAndAStateAndAFileReachBoth() throws Exception {
        try (TestCluster c = cluster()) {
            Minion web = overHttps(c, "web1", null);
            Minion db = c.addMinion("db1");
            TestCluster.awaitStatus(web, KeyStatus.ACCEPTED, WAIT);
            TestCluster.awaitStatus(db, KeyStatus.ACCEPTED, WAIT);

            TestCluster.CliResult run = c.cli("run", "--out", "json", "*", "test.echo", "over both");
            assertEquals(0, run.exit(), run.err());
            JsonNode returns = JSON.readTree(run.out()).get("returns");
            assertEquals("over both", returns.get("web1").get("ret").asText(), run.out());
            assertEquals("over both", returns.get("db1").get("ret").asText(), run.out());

            JsonNode keys = JSON.readTree(c.cli("key", "list", "--out", "json").out());
            assertEquals("{\"db1\":\"zmq\",\"web1\":\"https\"}", keys.get("transports").toString());
            JsonNode status = JSON.readTree(c.cli("manage", "status", "--out", "json").out());
            assertEquals("https", status.get("minions").get("web1").get("transport").asText());

            TestCluster.CliResult state = c.cli("state", "apply", "--out", "json", "--timeout", "60", "*", "motd");
            assertEquals(0, state.exit(), state.out() + state.err());
            for (String id : List.of("web1", "db1")) {
                assertEquals("carried by " + id, Files.readString(root.resolve("minions").resolve(id)
                        .resolve("files/motd-state")).strip());
                assertEquals(Files.readString(root.resolve("states/banner.txt")),
                        Files.readString(root.resolve("minions").resolve(id).resolve("files/banner")));
            }

            // a file of several chunks, to each minion's own allowed root (both run on this host)
            Path source = Files.writeString(root.resolve("motd"), "carried alike\n".repeat(40_000));
            for (String id : List.of("web1", "db1")) {
                Path target = Files.createDirectories(root.resolve("minions").resolve(id).resolve("files"))
                        .resolve("motd");
                TestCluster.CliResult cp = c.cli("cp", id, source.toString(), target.toString());
                assertEquals(0, cp.exit(), id + ": " + cp.out() + cp.err());
                assertEquals(Files.readString(source), Files.readString(target), "the copy " + id + " wrote");
            }
        }
    }

    @Test
    void aMasterWhoseKeyIsNotTheOnePinnedIsRefusedOverHttpsAsOverZeroMq() throws Exception {
        try (TestCluster c = cluster()) {
            String wrong = Fingerprint.of(StaticKeyPair.generate().publicKey());
            Minion refusing = c.addMinion("refusing", m -> m.withHttps(List.of("https://127.0.0.1:" + httpsPort),
                    cert, null).withMasterFinger(wrong));
            Await.until(() -> c.master.connectionStats().handshakesStarted() >= 2,
                    "the refusing minion to give up a handshake and begin another", WAIT);
            assertEquals(0, c.master.connectionStats().sessionsOpened(), "the refusing minion finished a handshake");
            assertNull(refusing.status(), "the minion must never get as far as presenting itself");
        }
    }

    @Test
    void aMinionBehindAConnectProxyIsServedThroughIt() throws Exception {
        // the cluster closes first, while the proxy still carries the minion's goodbye (the master waits for it)
        try (ConnectProxy proxy = ConnectProxy.start(); TestCluster c = cluster()) {
            Minion web = overHttps(c, "proxied", "127.0.0.1:" + proxy.port());
            TestCluster.awaitStatus(web, KeyStatus.ACCEPTED, WAIT);
            TestCluster.CliResult run = c.cli("run", "proxied", "test.ping");
            assertEquals(0, run.exit(), run.out() + run.err());
            assertTrue(proxy.tunnels() >= 1, "the minion's requests went through the proxy");
            assertEquals(List.of("127.0.0.1:" + httpsPort), proxy.targets());
        }
    }

    @Test
    void aJobRunningAcrossAMasterRestartReturnsOnceOverHttps() throws Exception {
        try (TestCluster c = cluster()) {
            Minion web = overHttps(c, "web1", null);
            TestCluster.awaitStatus(web, KeyStatus.ACCEPTED, WAIT);
            TestCluster.CliResult started = c.cli("run", "--async", "--out", "json", "web1", "cmd.run",
                    "sleep 2; echo slept");
            assertEquals(0, started.exit(), started.err());
            String jid = JSON.readTree(started.out()).get("jid").asText();
            Await.until(() -> c.master.connectionStats().sessionsOpened() >= 1, "the session", WAIT);

            c.restartMaster();

            try {
                Await.until(() -> {
                    TestCluster.CliResult show = c.cli("job", "show", "--out", "json", jid);
                    return show.exit() == 0 && show.out().contains("slept");
                }, "the return of the job that ran across the restart", AFTER_RESTART);
            } catch (AssertionError e) {
                describe(c, web, jid);
                throw e;
            }
            JsonNode job = JSON.readTree(c.cli("job", "show", "--out", "json", jid).out());
            assertEquals("slept", job.get("returns").get("web1").get("ret").asText().strip());
            assertEquals(1, job.get("returns").size());
        }
    }

    /** What a failure of the restart test needs explained: the minion's view, its spool and its threads. */
    private static void describe(TestCluster c, Minion web, String jid) throws java.io.IOException {
        System.out.println("minion " + web.id() + ": " + web.status() + ", " + web.mastersConnected() + " masters");
        System.out.println("job: " + c.cli("job", "show", "--out", "json", jid).out());
        try (var spooled = Files.list(c.root.resolve("minions").resolve(web.id()).resolve("cache/returns"))) {
            spooled.forEach(f -> System.out.println("spooled: " + f.getFileName()));
        }
        Thread.getAllStackTraces().forEach((t, stack) -> {
            if (t.getName().startsWith("brine")) {
                System.out.println("thread " + t.getName() + " " + t.getState());
                java.util.Arrays.stream(stack).limit(12).forEach(f -> System.out.println("    at " + f));
            }
        });
    }
}
