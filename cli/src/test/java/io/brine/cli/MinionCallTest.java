package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brine call FUNCTION} without {@code --local}, as Salt's {@code salt-call}: the running minion runs the
 * function on its machine with pillar and files from its master, and the return goes to the caller only.
 */
class MinionCallTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path root;
    static TestCluster cluster;
    static Minion minion;
    static Path minionYaml;


    @BeforeAll
    static void start() throws Exception {
        Path pillar = Files.createDirectories(root.resolve("pillar"));
        Path states = Files.createDirectories(root.resolve("states"));
        Files.writeString(pillar.resolve("top.sls"), "base:\n  'caller1':\n    - app\n");
        Files.writeString(pillar.resolve("app.sls"), "app:\n  greeting: hello from the master's pillar\n");
        Files.writeString(states.resolve("note.sls"), "{{ '" + root.resolve("note.txt") + "' }}:\n  file.managed:\n"
                + "    - contents: {{ pillar['app']['greeting'] }}\n");
        cluster = TestCluster.start(root, "file_roots:\n  base:\n    - " + states
                + "\npillar_roots:\n  base:\n    - " + pillar + "\n");
        minion = cluster.acceptedMinion("caller1");
        // the config the running minion would have been started from: only id and cachedir matter to a caller
        minionYaml = Files.writeString(root.resolve("minion.yaml"), "id: caller1\nmaster: 127.0.0.1\nmaster_tofu: true\n"
                + "pki_dir: " + minion.config().pkiDir() + "\ncachedir: " + minion.config().cacheDir() + "\n");
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    private static TestCluster.CliResult brine(String... args) {
        return TestCluster.run(args);
    }

    @Test
    void theRunningMinionRunsTheFunctionWithItsMastersPillar() throws Exception {
        TestCluster.CliResult r = brine("call", "-c", minionYaml.toString(), "pillar.get", "app:greeting", "--out", "json");
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode ret = JSON.readTree(r.out()).get("returns").get("caller1");
        assertEquals("hello from the master's pillar", ret.get("ret").asText(), r.out());
        assertTrue(ret.get("success").asBoolean());
    }

    @Test
    void aStateAppliesWithFilesAndPillarFromTheMasterAndTheJobIsNotTheMasters() throws Exception {
        int jobsBefore = cluster.cli("job", "list", "--out", "json").out().length();
        TestCluster.CliResult r = brine("call", "-c", minionYaml.toString(), "state.apply", "note");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("Succeeded: 1 (changed=1)"), "printed as salt-call prints states: " + r.out());
        assertEquals("hello from the master's pillar", Files.readString(root.resolve("note.txt")).strip());
        assertEquals(jobsBefore, cluster.cli("job", "list", "--out", "json").out().length(),
                "a local call is not a master job");
    }

    @Test
    void aFailingFunctionExitsOneAsTheMasterPathDoes() {
        TestCluster.CliResult r = brine("call", "-c", minionYaml.toString(), "cmd.run", "exit 4", "--out", "json");
        assertEquals(ExitCodes.FAILED, r.exit(), r.out() + r.err());
    }

    @Test
    void theSocketIsTheMinionUsersAloneAndBadRequestsGetAnError() throws Exception {
        Path socket = minion.config().cacheDir().resolve("call.sock");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
        for (String bad : List.of("not json", "{\"arg\": []}", "{\"fun\": \"test.ping\", \"timeout\": 0}",
                "{\"fun\": \"test.ping\", \"arg\": 5, \"timeout\": 5}")) {
            String reply = raw(socket, bad);
            assertTrue(JSON.readTree(reply).has("error"), bad + " -> " + reply);
        }
        // more callers than the minion runs at once: the extra ones are refused at once, none is lost
        List<Thread> threads = new ArrayList<>();
        List<String> replies = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 6; i++) {
            Thread t = new Thread(() -> {
                try {
                    replies.add(raw(socket, "{\"fun\": \"cmd.run\", \"arg\": [\"sleep 1.5\"], \"timeout\": 20}"));
                } catch (Exception e) {
                    replies.add("failed: " + e);
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join(30_000);
        }
        assertEquals(6, replies.size(), replies.toString());
        long refused = replies.stream().filter(r -> r.contains("local calls already")).count();
        long ran = replies.stream().filter(r -> r.contains("\"success\":true")).count();
        assertEquals(6, refused + ran, replies.toString());
        assertTrue(ran >= 1 && ran <= 4, replies.toString());
    }

    /** Callers that hang up (Ctrl-C, a wrapper's timeout) have their calls killed and their slots freed. */
    @Test
    void aCallWhoseCallerHangsUpIsKilledAndItsSlotFreed() throws Exception {
        Path socket = minion.config().cacheDir().resolve("call.sock");
        List<SocketChannel> callers = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                ch.connect(UnixDomainSocketAddress.of(socket));
                ch.write(ByteBuffer.wrap(("{\"fun\": \"cmd.run\", \"arg\": [\"sleep 61.73\"], \"timeout\": 300}\n")
                        .getBytes(StandardCharsets.UTF_8)));
                callers.add(ch);
            }
            Await.until(() -> sleeps() == 4, "the four calls running", Duration.ofSeconds(20));
        } finally {
            for (SocketChannel ch : callers) {
                ch.close();
            }
        }
        Await.until(() -> sleeps() == 0, "the abandoned calls killed", Duration.ofSeconds(20));
        TestCluster.CliResult r = brine("call", "-c", minionYaml.toString(), "test.echo", "free", "--out", "json");
        assertEquals(0, r.exit(), "a slot is free again: " + r.out() + r.err());
    }

    /** The sleep commands themselves (not the shells or guards around them). */
    private static long sleeps() {
        return ProcessHandle.allProcesses().filter(p -> p.info().command().orElse("").endsWith("/sleep")
                && java.util.Arrays.equals(p.info().arguments().orElse(new String[0]), new String[] {"61.73"}))
                .count();
    }

    /**
     * A hostile local user: even with the cachedir and the socket loosened (an operator's chmod), a caller that is
     * not the minion's own user is refused by its credentials on the socket, and nothing runs.
     */
    @Test
    void anotherLocalUserIsRefusedEvenWhenTheSocketIsLoosened() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(BrineProcess.root(), "needs root, to call as nobody");
        Path cache = minion.config().cacheDir();
        Path socket = cache.resolve("call.sock");
        Path marker = root.resolve("nobody-ran-this");
        java.util.Set<java.nio.file.attribute.PosixFilePermission> cacheMode = Files.getPosixFilePermissions(cache);
        try {
            for (Path dir = cache; dir != null && dir.startsWith(root.getParent()); dir = dir.getParent()) {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-rw-rw-"));
            Files.setPosixFilePermissions(minionYaml, PosixFilePermissions.fromString("rw-r--r--"));
            String classPath = BrineProcess.readableClassPath(root.resolve("classpath"));
            Path scratch = Files.createDirectories(root.resolve("scratch"));
            BrineProcess.Result r = BrineProcess.runAs("nobody", classPath, scratch, "call", "-c",
                    minionYaml.toString(), "cmd.run", "touch " + marker);
            assertEquals(ExitCodes.FAILED, r.exit(), r.out() + r.err());
            assertEquals("brine: java.io.IOException: the minion refused the call: only root may ask this minion to "
                    + "run functions\n", r.err());
            assertTrue(!Files.exists(marker), "nothing ran");
        } finally {
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            Files.setPosixFilePermissions(cache, cacheMode);
        }
    }

    private static String raw(Path socket, String line) throws Exception {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            ch.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)));
            return new String(Channels.newInputStream(ch).readNBytes(1 << 20), StandardCharsets.UTF_8);
        }
    }
}
