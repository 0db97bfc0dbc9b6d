package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Masterless runs, as Salt's {@code salt-call --local}: {@code brine call --local} and {@code brine state apply
 * --local}, in-process, with file_roots and pillar_roots from a real minion config and no master anywhere.
 */
class LocalCallTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;
    Path states;
    Path pillar;
    Path out;


    @BeforeEach
    void writeTrees() throws IOException {
        states = Files.createDirectories(root.resolve("states"));
        pillar = Files.createDirectories(root.resolve("pillar"));
        out = root.resolve("out");
        Files.writeString(pillar.resolve("top.sls"), "base:\n  'local1':\n    - app\n");
        Files.writeString(pillar.resolve("app.sls"), "app:\n  root: " + out + "\n  greeting: hello from pillar\n");
    }

    /** A minion config for id local1 under the temp root; {@code extra} is appended as it is. */
    private Path minionConfig(String extra) throws IOException {
        return Files.writeString(root.resolve("minion.yaml"), "id: local1\npki_dir: " + root.resolve("pki")
                + "\ncachedir: " + root.resolve("cache") + "\nfile_roots_allowed:\n  - " + root
                + "\nfile_roots:\n  base:\n    - " + states + "\npillar_roots:\n  base:\n    - " + pillar + "\n" + extra);
    }

    private static TestCluster.CliResult brine(String... args) {
        return TestCluster.run(args);
    }

    @Test
    void callEchoesInTheMasterPathsJsonShapeKeyedByTheConfiguredId() throws Exception {
        Path config = minionConfig("");
        TestCluster.CliResult r = brine("call", "--local", "-c", config.toString(), "test.echo", "hi", "--out", "json");
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode doc = JSON.readTree(r.out());
        assertTrue(doc.get("jid").asText().matches("[0-9]{20}"), r.out());
        JsonNode ret = doc.get("returns").get("local1");
        assertEquals("hi", ret.get("ret").asText());
        assertEquals(0, ret.get("retcode").asInt());
        assertTrue(ret.get("success").asBoolean());
        assertEquals(0, doc.get("missing").size());
    }

    @Test
    void aFailingCommandExitsAsTheMasterPathDoes() throws Exception {
        Path config = minionConfig("");
        TestCluster.CliResult r = brine("call", "--local", "-c", config.toString(), "--out", "json", "cmd.run", "exit 3");
        assertEquals(ExitCodes.FAILED, r.exit(), r.out() + r.err());
        JsonNode ret = JSON.readTree(r.out()).get("returns").get("local1");
        assertEquals(3, ret.get("retcode").asInt(), r.out());
        assertFalse(ret.get("success").asBoolean(), r.out());
        TestCluster.CliResult text = brine("call", "--local", "-c", config.toString(), "cmd.run", "echo fine");
        assertEquals(0, text.exit(), text.err());
        assertEquals("local1:\n    fine\n", text.out());
    }

    @Test
    void exitCodesAndReturnsMatchTheMasterPath() throws Exception {
        Path config = minionConfig("");
        try (TestCluster cluster = TestCluster.start(Files.createDirectories(root.resolve("cluster")))) {
            Minion m = cluster.addMinion("remote1");
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(15));
            assertEquals(0, cluster.cli("key", "accept", "--all").exit());
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(15));
            for (String command : new String[] {"exit 3", "echo ok"}) {
                TestCluster.CliResult viaMaster = cluster.cli("run", "--out", "json", "remote1", "cmd.run", command);
                TestCluster.CliResult local = brine("call", "--local", "-c", config.toString(), "--out", "json", "cmd.run", command);
                assertEquals(viaMaster.exit(), local.exit(), command + ": " + viaMaster.out() + local.out());
                JsonNode remote = JSON.readTree(viaMaster.out()).get("returns").get("remote1");
                JsonNode here = JSON.readTree(local.out()).get("returns").get("local1");
                for (String field : new String[] {"ret", "retcode", "success"}) {
                    assertEquals(remote.get(field), here.get(field), command + " " + field);
                }
            }
        }
    }

    @Test
    void pillarComesFromPillarRoots() throws Exception {
        Path config = minionConfig("");
        TestCluster.CliResult r = brine("call", "--local", "-c", config.toString(), "--out", "json", "pillar.get", "app:greeting");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("hello from pillar", JSON.readTree(r.out()).get("returns").get("local1").get("ret").asText());
    }

    @Test
    void theExampleTreePlansInTestModeWithItsPathsFromPillar() throws Exception {
        copyDirectory(Path.of(LocalCallTest.class.getClassLoader().getResource("demo/states").toURI()), states);
        Files.writeString(pillar.resolve("top.sls"), "base:\n  '*':\n    - webserver\n");
        Files.writeString(pillar.resolve("webserver.sls"), "webserver:\n  root: " + out + "\n  port: 8181\n");
        Path config = minionConfig("");
        TestCluster.CliResult r = brine("state", "apply", "--local", "-c", config.toString(), "--test", "--out", "json");
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode ret = JSON.readTree(r.out()).get("returns").get("local1").get("ret");
        boolean sawSiteConf = false;
        for (var it = ret.fields(); it.hasNext();) {
            var state = it.next();
            if (state.getKey().contains(out + "/etc/brineweb/site.conf")) {
                sawSiteConf = true;
                assertTrue(state.getValue().get("result").isNull(), "test mode reports None: " + state);
            }
        }
        assertTrue(sawSiteConf, "the pillar's root is in the planned paths: " + r.out());
        assertFalse(Files.exists(out), "test mode changed nothing");
    }

    @Test
    void stateApplyForRealWritesIntoTheRootThePillarNames() throws Exception {
        Files.createDirectories(states.resolve("app"));
        Files.writeString(states.resolve("app/init.sls"), "{% set app = pillar['app'] %}\n"
                + "{{ app.root }}/etc/app.conf:\n  file.managed:\n    - source: brine://app/app.conf.j2\n"
                + "    - template: jinja\n    - makedirs: true\n");
        Files.writeString(states.resolve("app/app.conf.j2"), "greeting={{ pillar['app']['greeting'] }}\n"
                + "id={{ grains['id'] }}\n");
        Path config = minionConfig("");
        TestCluster.CliResult test = brine("state", "apply", "--local", "-c", config.toString(), "app", "--test");
        assertEquals(0, test.exit(), test.out() + test.err());
        assertFalse(Files.exists(out.resolve("etc/app.conf")));

        TestCluster.CliResult r = brine("state", "apply", "--local", "-c", config.toString(), "app");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith("local1:\n"), r.out());
        assertEquals("greeting=hello from pillar\nid=local1\n", Files.readString(out.resolve("etc/app.conf")));

        Files.writeString(states.resolve("app/init.sls"), "broken:\n  cmd.run:\n    - name: exit 4\n");
        TestCluster.CliResult failed = brine("state", "apply", "--local", "-c", config.toString(), "app", "--out", "json");
        assertEquals(ExitCodes.FAILED, failed.exit(), failed.out() + failed.err());
    }

    @Test
    void aMissingFileRootIsAConfigErrorNamingTheKey() throws Exception {
        Path config = minionConfig("");
        Files.delete(states);
        TestCluster.CliResult r = brine("call", "--local", "-c", config.toString(), "test.echo", "hi");
        assertEquals(ExitCodes.USAGE, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("file_roots: " + states + " is not a directory"), r.err());
        assertTrue(r.err().contains(config.toString()), r.err());

        Files.createDirectories(states);
        Files.delete(pillar.resolve("top.sls"));
        Files.delete(pillar.resolve("app.sls"));
        Files.delete(pillar);
        TestCluster.CliResult noPillar = brine("call", "--local", "-c", config.toString(), "test.echo", "hi");
        assertEquals(ExitCodes.USAGE, noPillar.exit(), noPillar.out() + noPillar.err());
        assertTrue(noPillar.err().contains("pillar_roots: " + pillar + " is not a directory"), noPillar.err());
    }

    @Test
    void aConfigWithoutRootsStillRunsFunctions() throws Exception {
        Path config = Files.writeString(root.resolve("bare.yaml"), "id: bare1\ncachedir: " + root.resolve("cache")
                + "\n");
        TestCluster.CliResult r = brine("call", "--local", "-c", config.toString(), "test.echo", "hi");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("bare1:\n    hi\n", r.out());
    }

    @Test
    void fileClientLocalMakesCallMasterlessWithoutTheFlag() throws Exception {
        Path remote = minionConfig("");
        // without either, the call goes to the running minion (MinionCallTest); there is none here
        TestCluster.CliResult refused = brine("call", "-c", remote.toString(), "test.echo", "hi");
        assertEquals(ExitCodes.FAILED, refused.exit(), refused.out() + refused.err());
        assertTrue(refused.err().contains("the minion local1 is not running here") && refused.err().contains("--local"),
                refused.err());

        Path local = minionConfig("file_client: local\n");
        TestCluster.CliResult r = brine("call", "-c", local.toString(), "test.echo", "hi");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("local1:\n    hi\n", r.out());
    }

    @Test
    void stateApplyWithoutLocalStillNeedsATarget() {
        TestCluster.CliResult r = brine("state", "apply");
        assertEquals(ExitCodes.USAGE, r.exit());
        assertTrue(r.err().contains("TARGET"), r.err());
    }

    private static void copyDirectory(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
