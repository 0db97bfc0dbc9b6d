package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.states.SystemAccounts;
import io.brine.modules.service.InitScriptDaemon;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's example tree ({@code examples/states}, {@code examples/pillar}) applied with no master, as an
 * image build would apply it: {@code brine state apply --local}, in test mode as it stands, and for real into a
 * temporary root with the machine-specific values (root, user, package, service) from {@code pillar_roots}.
 */
class ExampleTreeLocalTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;


    private static TestCluster.CliResult brine(String... args) {
        return TestCluster.run(args);
    }

    private Path minionConfig(Path pillarRoot) throws IOException {
        Path examples = StateApplyTest.repositoryRoot().resolve("examples");
        return Files.writeString(root.resolve("minion.yaml"), "id: web-local\nfile_client: local\npki_dir: "
                + root.resolve("pki") + "\ncachedir: " + root.resolve("cache") + "\nfile_roots_allowed:\n  - " + root
                + "\nfile_roots:\n  base:\n    - " + examples.resolve("states") + "\npillar_roots:\n  base:\n    - "
                + pillarRoot + "\n");
    }

    @Test
    void theExampleTreePlansInTestModeWithTheExamplePillarAndChangesNothing() throws Exception {
        Path config = minionConfig(StateApplyTest.repositoryRoot().resolve("examples/pillar"));
        TestCluster.CliResult r = brine("state", "apply", "--local", "-c", config.toString(), "--test", "--out", "json");
        JsonNode ret = JSON.readTree(r.out()).get("returns").get("web-local").get("ret");
        assertTrue(ret.isObject(), "the example compiles: " + r.out() + r.err());
        assertEquals(5, ret.size(), ret.toString());
        for (JsonNode state : ret) {
            assertFalse(state.get("result").isBoolean() && !state.get("result").asBoolean(),
                    "no state fails in test mode: " + state);
        }
        JsonNode page = ret.get("file_|-/srv/brineweb/index.html_|-/srv/brineweb/index.html_|-managed");
        assertTrue(page != null && page.get("comment").asText().contains("set to be changed"), ret.toString());
        assertFalse(Files.exists(Path.of("/srv/brineweb/index.html")), "test mode writes nothing");
        TestCluster.CliResult text = brine("state", "apply", "--local", "-c", config.toString(), "--test");
        assertTrue(text.out().contains("web-local:") && text.out().contains("Total states run:     5"), text.out());
    }

    @Test
    void theExampleTreeAppliesForRealIntoATempRootAndTheSecondRunChangesNothing() throws Exception {
        assumeTrue(Files.isWritable(Path.of("/etc/init.d")) && "root".equals(System.getProperty("user.name")),
                "creates a user and an init-script service: needs root (CI runs as root)");
        SystemAccounts accounts = new SystemAccounts();
        InitScriptDaemon service = InitScriptDaemon.install(Files.createDirectories(root.resolve("daemon")));
        try {
            String user = accounts.track(SystemAccounts.uniqueName());
            Path site = Files.createDirectories(root.resolve("site"));
            Path pillar = Files.createDirectories(root.resolve("pillar"));
            Files.writeString(pillar.resolve("top.sls"), "base:\n  'web-*':\n    - webserver\n");
            // bash is installed on every Debian machine: the package state holds without fetching anything
            Files.writeString(pillar.resolve("webserver.sls"), "webserver:\n  root: " + site + "\n  user: " + user
                    + "\n  package: bash\n  service: " + service.name + "\n  port: 8181\n  greeting: Hello, image.\n");
            Path config = minionConfig(pillar);

            TestCluster.CliResult first = brine("state", "apply", "--local", "-c", config.toString(), "--out", "json");
            assertEquals(0, first.exit(), first.out() + first.err());
            assertTrue(Files.readString(site.resolve("etc/brineweb/site.conf")).contains("listen 8181;"));
            assertTrue(Files.readString(site.resolve("srv/brineweb/index.html")).contains("<p>Hello, image.</p>"));
            assertTrue(SystemAccounts.exists("passwd", user), "the user exists");
            assertTrue(InitScriptDaemon.alive(service.pid()), "the service runs");

            TestCluster.CliResult second = brine("state", "apply", "--local", "-c", config.toString(), "--out", "json");
            assertEquals(0, second.exit(), second.out() + second.err());
            for (JsonNode state : JSON.readTree(second.out()).get("returns").get("web-local").get("ret")) {
                assertEquals(0, state.get("changes").size(), "the second run changes nothing: " + state);
            }
        } finally {
            service.remove();
            accounts.removeAll();
        }
    }
}
