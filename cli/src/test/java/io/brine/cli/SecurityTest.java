package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.GrainsReport;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.targeting.TargetType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keys, isolation and impersonation, each attempted for real against a running master. */
class SecurityTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(15);

    @TempDir
    Path root;

    @Test
    void anUnacceptedMinionGetsNoJob() throws Exception {
        try (TestCluster c = TestCluster.start(root); RogueClient waiting = new RogueClient(c.port, Role.MINION, "waiting")) {
            Minion pending = c.addMinion("pending");
            TestCluster.awaitStatus(pending, KeyStatus.PENDING, WAIT);
            assertEquals(KeyStatus.PENDING, waiting.endpoint.awaitStatus(WAIT));

            TestCluster.CliResult r = c.cli("run", "*", "test.ping");
            assertEquals(1, r.exit());
            assertTrue(r.err().contains("No minions matched"), r.err());
            Job viaLibrary = c.master.client().call(JobSpec.of("*", "test.ping").withTimeout(Duration.ofSeconds(1)));
            assertTrue(viaLibrary.expected().isEmpty());
            assertTrue(waiting.received.isEmpty(), "a pending client received " + waiting.received);
        }
    }

    @Test
    void aRogueClaimingAnAcceptedIdIsDeniedReportedAndGetsNothing() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            Minion victim = c.acceptedMinion("victim");
            try (RogueClient rogue = new RogueClient(c.port, Role.MINION, "victim")) {
                assertEquals(KeyStatus.DENIED, rogue.endpoint.awaitStatus(WAIT));
                JsonNode keys = JSON.readTree(c.cli("key", "list", "--out", "json").out());
                assertEquals("[\"victim\"]", keys.get("denied").toString());
                assertEquals("[\"victim\"]", keys.get("accepted").toString());

                TestCluster.CliResult r = c.cli("run", "victim", "test.echo", "for the real victim");
                assertEquals(0, r.exit(), r.err());
                assertTrue(r.out().contains("for the real victim"));
                assertEquals(KeyStatus.ACCEPTED, victim.status());
                assertTrue(rogue.received.isEmpty(), "the impostor received " + rogue.received);
            }
        }
    }

    @Test
    void anAcceptedRogueCannotObtainOrAnswerAnotherMinionsJob() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            c.acceptedMinion("victim");
            try (RogueClient rogue = new RogueClient(c.port, Role.MINION, "rogue")) {
                assertEquals(KeyStatus.PENDING, rogue.endpoint.awaitStatus(WAIT));
                assertEquals(0, c.cli("key", "accept", "rogue").exit());
                awaitEndpoint(rogue, KeyStatus.ACCEPTED);

                String jid = cast(c, "victim", "test.sleep", "1");
                rogue.endpoint.send(new JobReturn(jid, MinionReturn.ok("forged", 0, 0)));
                JsonNode job = awaitAllReturned(c, jid);

                assertEquals(1, job.get("returns").size(), job.toString());
                assertTrue(job.get("returns").get("victim").get("ret").asBoolean());
                assertFalse(job.get("returns").has("rogue"));
                assertTrue(rogue.received.stream().noneMatch(m -> m instanceof JobRequest),
                        "the rogue was sent " + rogue.received);
            }
        }
    }

    @Test
    void jobArgumentsAndResultsNeverCrossTheWireInClearText() throws Exception {
        try (TestCluster c = TestCluster.start(root); WireTap tap = new WireTap(c.port)) {
            Minion m = c.addMinion("tapped", cfg -> cfg.withMasterPort(tap.port()));
            TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
            assertEquals(0, c.cli("key", "accept", "tapped").exit());
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);

            TestCluster.CliResult r = c.cli("run", "tapped", "cmd.run", "echo brine-secret-arg-7f3a | tr a-z A-Z");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains("BRINE-SECRET-ARG-7F3A"), r.out());

            String wire = new String(tap.captured(), StandardCharsets.ISO_8859_1);
            assertTrue(wire.length() > 500, "the tap saw the session: " + wire.length() + " bytes");
            assertFalse(wire.contains("brine-secret-arg"), "the job's argument crossed the wire in clear text");
            assertFalse(wire.contains("BRINE-SECRET-ARG"), "the job's result crossed the wire in clear text");
            assertFalse(wire.contains("tapped"), "even the minion's id is only sent encrypted");
        }
    }

    @Test
    void aMasterWithAnotherKeyIsRefusedAndItsJobNeverRuns() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            Minion m = c.acceptedMinion("loyal");
            assertEquals(0, c.cli("run", "loyal", "test.ping").exit());
            c.master.close();

            Path marker = root.resolve("impostor-was-obeyed");
            MasterConfig impostorConfig = MasterConfig.underDirectory(root.resolve("impostor"), c.port);
            try (Master impostor = Master.start(impostorConfig)) {
                impostor.keys().preseed("loyal",
                        KeyFiles.readPublicKey(root.resolve("minions/loyal/pki/minion.pub")));
                Job r = impostor.client().call(JobSpec.of("loyal", "cmd.run", "touch " + marker)
                        .withTimeout(Duration.ofSeconds(6)));
                assertEquals(java.util.List.of("loyal"), java.util.List.copyOf(r.missing().keySet()));
                assertFalse(Files.exists(marker), "the minion obeyed a master with another key");
            }

            c.master = Master.start(MasterConfig.load(c.masterYaml));
            assertEquals(0, awaitPing(c, "loyal"), "the minion returns to its real master");
            assertEquals(KeyStatus.ACCEPTED, m.status());
        }
    }

    @Test
    void aMasterFingerThatDoesNotMatchRefusesTheMasterBeforeItsKeyIsSent() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            String wrong = Fingerprint.of(StaticKeyPair.generate().publicKey());
            Minion refusing = c.addMinion("refusing", cfg -> cfg.withMasterFinger(wrong));
            // A second handshake begun means the first was given up: past the point where the minion would have
            // presented itself, and it never finished one.
            Await.until(() -> c.master.connectionStats().handshakesStarted() >= 2,
                    "the refusing minion to give up a handshake and begin another", WAIT);
            assertEquals(0, c.master.connectionStats().sessionsOpened(), "the refusing minion finished a handshake");
            assertNull(refusing.status(), "the minion must never get as far as presenting itself");
            Minion pinned = c.addMinion("pinned", cfg -> cfg.withMasterFinger(c.master.fingerprint()));
            TestCluster.awaitStatus(pinned, KeyStatus.PENDING, WAIT);
            JsonNode keys = JSON.readTree(c.cli("key", "list", "--out", "json").out());
            assertEquals("[\"pinned\"]", keys.get("pending").toString());
        }
    }

    @Test
    void aDeletedKeyIsCutOffAtOnce() throws Exception {
        try (TestCluster c = TestCluster.start(root); RogueClient spy = new RogueClient(c.port, Role.MINION, "spy")) {
            assertEquals(KeyStatus.PENDING, spy.endpoint.awaitStatus(WAIT));
            c.cli("key", "accept", "spy");
            awaitEndpoint(spy, KeyStatus.ACCEPTED);
            String before = cast(c, "*", "test.ping");
            awaitReceived(spy, before);

            assertEquals(0, c.cli("key", "delete", "spy").exit());
            String after = cast(c, "*", "test.ping");
            awaitEndpoint(spy, KeyStatus.PENDING);
            JsonNode keys = JSON.readTree(c.cli("key", "list", "--out", "json").out());
            assertEquals("[\"spy\"]", keys.get("pending").toString(), "it is filed again as a new, pending key");
            // Accepted again, the spy hears so on the session that was open when the job was published: a job sent
            // on it would have arrived first.
            assertEquals(0, c.cli("key", "accept", "spy").exit());
            awaitEndpoint(spy, KeyStatus.ACCEPTED);
            assertTrue(spy.received.stream().noneMatch(x -> x instanceof JobRequest j && j.jid().equals(after)),
                    "a deleted minion received a job");
            assertFalse(c.master.client().job(after).orElseThrow().expected().contains("spy"),
                    "the master expected a return from a deleted minion");
        }
    }

    /** Issue 11, finding 10: grains are the minion's own claims, except its id, which is its key's. */
    @Test
    void aMinionClaimingAnotherIdInItsGrainsIsNeverTargetedByThatId() throws Exception {
        try (TestCluster c = TestCluster.start(root, "auto_accept: true\n");
                RogueClient impostor = new RogueClient(c.port, Role.MINION, "impostor")) {
            assertEquals(KeyStatus.ACCEPTED, impostor.endpoint.awaitStatus(WAIT));
            impostor.endpoint.send(new GrainsReport(java.util.Map.of("id", "web1", "role", "claims-web1")));
            long deadline = System.nanoTime() + WAIT.toNanos();
            Job byRole;
            do {
                byRole = c.master.client().call(JobSpec.of("role:claims-web1", "test.ping")
                        .withTargetType(TargetType.GRAIN)
                        .withTimeout(Duration.ofMillis(200)));
            } while (byRole.expected().isEmpty() && System.nanoTime() < deadline);
            assertEquals(java.util.List.of("impostor"), byRole.expected(), "control: its grains arrived");

            Job byId = c.master.client().call(JobSpec.of("id:web1", "test.ping").withTargetType(TargetType.GRAIN)
                    .withTimeout(Duration.ofMillis(200)));
            assertTrue(byId.expected().isEmpty(), "the impostor was targeted as web1: " + byId.expected());
            assertEquals(java.util.List.of("impostor"), c.master.client().call(JobSpec.of("id:impostor", "test.ping")
                    .withTargetType(TargetType.GRAIN).withTimeout(Duration.ofMillis(200))).expected());
        }
    }

    @Test
    void aRejectedKeyIsCutOffAtOnce() throws Exception {
        try (TestCluster c = TestCluster.start(root); RogueClient spy = new RogueClient(c.port, Role.MINION, "spy")) {
            assertEquals(KeyStatus.PENDING, spy.endpoint.awaitStatus(WAIT));
            c.cli("key", "accept", "spy");
            awaitEndpoint(spy, KeyStatus.ACCEPTED);
            assertEquals(0, c.cli("key", "reject", "spy").exit());
            awaitEndpoint(spy, KeyStatus.REJECTED);
            String after = cast(c, "*", "test.ping");
            awaitRefusedAgain(spy);
            assertTrue(spy.received.stream().noneMatch(x -> x instanceof JobRequest j && j.jid().equals(after)));
            assertFalse(c.master.client().job(after).orElseThrow().expected().contains("spy"),
                    "the master expected a return from a rejected minion");
            JsonNode keys = JSON.readTree(c.cli("key", "list", "--out", "json").out());
            assertEquals("[\"spy\"]", keys.get("rejected").toString());
        }
    }

    /** Issue 11, finding 15: a pillar password in a return was read from jobs.sqlite as nobody. */
    @Test
    void theCachesAreReadableByTheirDaemonOnly() throws Exception {
        java.nio.file.attribute.FileAttribute<?> open = PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path masterCache = Files.createDirectories(root.resolve("master/cache"), open); // as an older Brine left it
        Files.setPosixFilePermissions(masterCache, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (TestCluster c = TestCluster.start(root)) {
            c.acceptedMinion("private");
            assertEquals(0, c.cli("run", "private", "test.echo", "secret-in-a-return").exit());
            c.cli("run", "private", "grains.refresh");
            try (var paths = Files.walk(masterCache)) {
                for (Path p : paths.toList()) {
                    String mode;
                    try {
                        mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
                    } catch (java.nio.file.NoSuchFileException renamedMeanwhile) {
                        continue; // a temporary file the master was renaming into place as the walk listed it
                    }
                    if (Files.isDirectory(p)) {
                        assertEquals("rwx------", mode, p.toString());
                    } else {
                        assertTrue(mode.endsWith("------"), p + " is " + mode);
                    }
                }
            }
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
                    root.resolve("minions/private/cache"))));
            Process cat = new ProcessBuilder("runuser", "-u", "nobody", "--", "cat",
                    masterCache.resolve("jobs.sqlite").toString()).redirectErrorStream(true).start();
            String out = new String(cat.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(cat.waitFor(10, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(1, cat.exitValue(), out);
            assertTrue(out.contains("Permission denied"), out);
        }
    }

    /** Issue 11, finding 14: deleting a client key used to leave its open sessions working. */
    @Test
    void deletingAClientKeyEndsItsOpenSessionWithinASecondOrTwo() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            StaticKeyPair key = StaticKeyPair.generate();
            Path file = root.resolve("master/pki/clients/orchestrator");
            KeyFiles.writePublicKey(file, key.publicKey());
            try (RogueClient orchestrator = new RogueClient(c.port, Role.CLIENT, "orchestrator", key)) {
                assertEquals(KeyStatus.ACCEPTED, orchestrator.endpoint.awaitStatus(WAIT));
                Files.delete(file);
                long deleted = System.nanoTime();
                awaitEndpoint(orchestrator, KeyStatus.REJECTED);
                long tookMillis = (System.nanoTime() - deleted) / 1_000_000;
                assertTrue(tookMillis < 2500, "the session lasted " + tookMillis + " ms after its key was deleted");
            }
        }
    }

    @Test
    void aClientWithoutTheOperatorsKeyCannotPublish() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            c.acceptedMinion("target");
            Path marker = root.resolve("published-by-stranger");
            try (RogueClient stranger = new RogueClient(c.port, Role.CLIENT, Master.LOCAL_CLIENT)) {
                assertEquals(KeyStatus.REJECTED, stranger.endpoint.awaitStatus(WAIT));
                stranger.endpoint.send(new io.brine.protocol.PublishRequest(1, "*", 0, "cmd.run",
                        java.util.List.of("touch " + marker), java.util.Map.of(), 5000, false));
                awaitRefusedAgain(stranger);
                assertTrue(c.master.client().jobs(10).isEmpty(),
                        "the master published a job for the stranger");
                assertFalse(Files.exists(marker));
                assertTrue(stranger.received.isEmpty());
            }
            assertEquals(0, c.cli("run", "target", "test.ping").exit(), "the operator's own client still works");
        }
    }

    @Test
    void privateKeysAreReadableOnlyByTheirOwner() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            c.acceptedMinion("owner");
            for (Path p : new Path[] {root.resolve("master/pki/master.pem"), root.resolve("master/pki/client.pem"),
                    root.resolve("minions/owner/pki/minion.pem")}) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)), p.toString());
            }
        }
    }

    @Test
    void minionIdsThatCouldNameAnotherFileAreRefused() {
        for (String bad : new String[] {"../etc", "a/b", ".hidden", "..", "x".repeat(200)}) {
            assertThrows(ConfigException.class,
                    () -> MinionConfig.from(ConfigFile.parse("id: '" + bad + "'\n", "minion.yaml")), bad);
        }
    }

    @Test
    void preseededKeyIsAcceptedBeforeTheMinionEverBoots() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            Path keys = root.resolve("keys");
            TestCluster.CliResult gen = c.cli("key", "gen", "--id", "vm42", "--out", keys.toString());
            assertEquals(0, gen.exit(), gen.err());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keys.resolve("vm42.pem"))));
            assertEquals(0, c.cli("key", "accept", "vm42", "--pub", keys.resolve("vm42.pub").toString()).exit());
            Path pki = Files.createDirectories(root.resolve("minions/vm42/pki"));
            Files.copy(keys.resolve("vm42.pem"), pki.resolve("minion.pem"));
            String made = Files.readString(keys.resolve("vm42.yaml"));
            assertTrue(made.contains("id: vm42\n") && made.contains("master_finger: '" + c.master.fingerprint() + "'"),
                    made);
            Path yaml = Files.writeString(root.resolve("vm42.yaml"), made + "master: 127.0.0.1\nmaster_port: " + c.port
                    + "\npki_dir: " + pki + "\ncachedir: " + root.resolve("minions/vm42/cache") + "\n");
            try (Minion vm = Minion.start(MinionConfig.load(yaml))) {
                TestCluster.awaitStatus(vm, KeyStatus.ACCEPTED, WAIT);
                assertEquals(gen.out().trim(), vm.fingerprint());
            }
        }
    }

    /** Issue 11, finding 18: a fresh minion trusting whichever master answered first ran a fake master's jobs. */
    @Test
    void aMinionThatIsToldNoMasterToTrustDoesNotStart() throws Exception {
        Path yaml = Files.writeString(root.resolve("untold.yaml"), "id: untold\nmaster_port: 1\npki_dir: "
                + root.resolve("untold/pki") + "\ncachedir: " + root.resolve("untold/cache") + "\n");
        ConfigException e = assertThrows(ConfigException.class, () -> Minion.start(MinionConfig.load(yaml)));
        assertTrue(e.getMessage().contains("master_finger") && e.getMessage().contains("master_tofu"), e.getMessage());
        java.io.StringWriter err = new java.io.StringWriter();
        int exit = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Main.run(
                new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err, true), "minion", "-c",
                yaml.toString()), "a minion that starts would run until stopped");
        assertEquals(ExitCodes.USAGE, exit, err.toString());
        assertTrue(err.toString().contains(yaml.toString()), err.toString());

        Path lab = Files.writeString(root.resolve("lab.yaml"), Files.readString(yaml) + "master_tofu: true\n");
        try (Minion m = Minion.start(MinionConfig.load(lab))) {
            assertEquals("untold", m.id(), "a lab may still trust on first use, when it says so");
        }
    }

    private static String cast(TestCluster c, String... words) {
        String[] args = new String[words.length + 2];
        args[0] = "run";
        args[1] = "--async";
        System.arraycopy(words, 0, args, 2, words.length);
        TestCluster.CliResult r = c.cli(args);
        Matcher m = Pattern.compile("([0-9]{20})").matcher(r.out());
        assertTrue(m.find(), r.out() + r.err());
        return m.group(1);
    }

    private static JsonNode awaitAllReturned(TestCluster c, String jid) throws Exception {
        JsonNode job = null;
        for (int i = 0; i < 100; i++) {
            job = JSON.readTree(c.cli("job", "show", "--out", "json", jid).out());
            if (job.get("missing").size() == 0) {
                return job;
            }
            Thread.sleep(100);
        }
        return job;
    }

    private static int awaitPing(TestCluster c, String id) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        int exit;
        do {
            exit = c.cli("run", "--timeout", "2", id, "test.ping").exit();
        } while (exit != 0 && System.nanoTime() < deadline);
        return exit;
    }

    private static void awaitEndpoint(RogueClient client, KeyStatus wanted) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (client.endpoint.status() != wanted && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(wanted, client.endpoint.status());
    }

    /**
     * Waits until {@code client} has opened two more connections: the one open now, and any message it carried, is
     * over, and a whole handshake since has ended in another refusal.
     */
    private static void awaitRefusedAgain(RogueClient client) throws InterruptedException {
        int opened = client.endpoint.socketsOpened();
        Await.until(() -> client.endpoint.socketsOpened() >= opened + 2, "the client refused again", WAIT);
        assertEquals(KeyStatus.REJECTED, client.endpoint.status());
    }

    private static void awaitReceived(RogueClient client, String jid) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (client.received.stream().noneMatch(x -> x instanceof JobRequest j && j.jid().equals(jid))
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(client.received.stream().anyMatch(x -> x instanceof JobRequest j && j.jid().equals(jid)),
                "control: an accepted client does receive jobs");
    }
}
