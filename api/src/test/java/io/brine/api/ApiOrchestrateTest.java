package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /orchestrate}: {@code brine orchestrate} over the REST API, under {@code @orchestrate}, each step
 * under the token's own grants. (Orchestrations on real minions are the CLI's OrchestrateTest.)
 */
class ApiOrchestrateTest {
    @TempDir
    Path root;

    @Test
    void anOrchestrationNeedsTheRightAndAnswersTheRunsHighstate() throws Exception {
        Path tree = Files.createDirectories(root.resolve("tree/orch"));
        Files.writeString(tree.resolve("plan.sls"), "checked:\n  test.succeed_with_changes:\n    - name: "
                + "\"{{ pillar.get('release', 'none') }}\"\nping_all:\n  salt.function:\n    - name: test.ping\n"
                + "    - tgt: 'web*'\n    - require:\n      - test: checked\n");
        try (ApiFixture api = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\nfile_roots:\n  base:\n"
                + "    - " + tree.getParent() + "\npublisher_acl:\n  token:ops:\n    - '@orchestrate'\n"
                + "  token:ci:\n    - '*': ['*']\n", HttpClient.newHttpClient(), Duration.ofSeconds(15))) {
            api.addAcceptedMinion("web1");
            String ops = api.tokens.create("ops", null);
            String ci = api.tokens.create("ci", null);

            HttpResponse<String> denied = api.send("POST", "/orchestrate", ci, "{\"sls\": \"orch.plan\"}");
            assertEquals(403, denied.statusCode(), "every function, but not @orchestrate: " + denied.body());
            assertTrue(denied.body().contains("@orchestrate"), denied.body());

            HttpResponse<String> run = api.send("POST", "/orchestrate", ops, "{\"sls\": \"orch.plan\", \"pillar\": "
                    + "{\"release\": \"1.4\"}}");
            assertEquals(200, run.statusCode(), run.body());
            assertTrue(run.body().contains("_master\":{\"ret\":{\"test_|-checked_|-1.4_|-succeed_with_changes\""),
                "one return, from <id>_master, the run's highstate: " + run.body());
            assertTrue(run.body().contains("1.4"), "the pillar given reached the run's templates: " + run.body());
            assertTrue(run.body().contains("'token:ops' may not run test.ping"), "a step is the token's own job, "
                    + "under its grants: " + run.body());

            HttpResponse<String> unknown = api.send("POST", "/orchestrate", ops, "{\"sls\": \"orch.plan\", "
                    + "\"saltenv\": \"base\"}");
            assertEquals(400, unknown.statusCode(), unknown.body());
            assertTrue(unknown.body().contains("unknown field 'saltenv'"), unknown.body());
        }
    }
}
