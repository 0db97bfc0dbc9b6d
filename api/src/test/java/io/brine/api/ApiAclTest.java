package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobSpec;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A token limited by {@code publisher_acl} gets 403 and publishes nothing beyond its grant, over real HTTP. */
class ApiAclTest {
    @TempDir
    Path root;
    private ApiFixture cluster;
    private String heat;

    @BeforeEach
    void start() throws Exception {
        cluster = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\npublisher_acl:\n"
                + "  token:heat:\n    - 'web*': [test.*, pkg.version]\n", HttpClient.newHttpClient(),
                Duration.ofSeconds(15));
        cluster.addAcceptedMinion("web1");
        cluster.addAcceptedMinion("db1");
        heat = cluster.tokens.create("heat", null);
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    @Test
    void aLimitedTokenMayPingWebOnly() throws Exception {
        HttpResponse<String> ok = post("{\"target\": \"web1\", \"fun\": \"test.ping\"}");
        assertEquals(200, ok.statusCode(), ok.body());

        HttpResponse<String> shell = post("{\"target\": \"web1\", \"fun\": \"cmd.run\", \"arg\": [\"id\"]}");
        assertEquals(403, shell.statusCode());
        assertEquals("'token:heat' may not run cmd.run on any minion", ApiFixture.json(shell).get("error"));

        HttpResponse<String> db = post("{\"target\": \"db*\", \"fun\": \"test.ping\"}");
        assertEquals(403, db.statusCode());
        HttpResponse<String> all = post("{\"target\": \"*\", \"fun\": \"test.ping\", \"mode\": \"cast\"}");
        assertEquals(403, all.statusCode());
        assertTrue(((String) ApiFixture.json(all).get("error")).contains("db1"), all.body());

        assertEquals(403, cluster.send("GET", "/keys", heat, null).statusCode());
        assertEquals(403, cluster.send("POST", "/keys/db1/reject", heat, null).statusCode());
        assertEquals(403, cluster.send("GET", "/events", heat, null).statusCode());
        assertEquals(403, cluster.send("GET", "/tokens", heat, null).statusCode());
        assertEquals(403, cluster.send("GET", "/minions", heat, null).statusCode());
        assertEquals(403, cluster.send("GET", "/minions/web1", heat, null).statusCode());
        assertEquals(403, cluster.send("POST", "/keys/generate", heat, "{\"id\": \"vm9\"}").statusCode());
        assertEquals(403, cluster.send("POST", "/hook/ci/build", heat, "{}").statusCode());
        String others = cluster.master.client().cast(JobSpec.of("db1", "test.sleep")
                .withKwargs(Map.of("length", 5)));
        assertEquals(404, cluster.send("DELETE", "/jobs/" + others, heat, null).statusCode(), "another's job");
        assertTrue(cluster.master.client().running(others), "still running after a refused kill");
        assertTrue(!cluster.send("GET", "/jobs?limit=100", heat, null).body().contains(others));
        assertTrue(!cluster.master.keys().list().accepted().contains("vm9"));
        assertEquals(403, cluster.send("POST", "/tokens", heat, "{\"name\": \"mine\"}").statusCode());
        assertEquals(1, cluster.master.client().jobs(20).stream().filter(j -> j.caller().equals("token:heat")).count(),
                "only the allowed ping was published");
        String audit = Files.readString(cluster.master.config().auditLog());
        assertTrue(audit.contains("\"identity\":\"token:heat\"") && audit.contains("\"action\":\"refused\""), audit);
    }

    @Test
    void aTokenNotInTheAclMayDoNothing() throws Exception {
        String other = cluster.tokens.create("other", null);
        HttpResponse<String> r = cluster.send("POST", "/jobs", other, "{\"target\": \"web1\", \"fun\": \"test.ping\"}");
        assertEquals(403, r.statusCode());
        assertEquals(Map.of("error", "'token:other' may not run test.ping on any minion"), ApiFixture.json(r));
    }

    @Test
    void aTokenWithTheTokensRightManagesTheTokensItsGrantNamesAndIsAudited() throws Exception {
        cluster.close();
        cluster = ApiFixture.start(Files.createDirectories(root.resolve("second")), "api: {interface: 127.0.0.1, port: 0}\npublisher_acl:\n"
                + "  token:ci:\n    - test.*\n    - '@tokens': [ci-*]\n", HttpClient.newHttpClient(), Duration.ofSeconds(15));
        String ci = cluster.tokens.create("ci", null);
        HttpResponse<String> made = cluster.send("POST", "/tokens", ci, "{\"name\": \"ci-2\", \"expires\": \"1h\"}");
        assertEquals(201, made.statusCode(), made.body());
        String fresh = (String) ApiFixture.json(made).get("token");
        assertTrue(cluster.tokens.authenticate(fresh).isPresent());
        cluster.tokens.create("heat", null);
        HttpResponse<String> listed = cluster.send("GET", "/tokens", ci, null);
        assertTrue(listed.body().contains("\"ci-2\"") && !listed.body().contains(fresh), listed.body());
        assertTrue(!listed.body().contains("\"heat\""), "only the tokens it may manage: " + listed.body());
        assertEquals(400, cluster.send("POST", "/tokens", ci, "{\"name\": \"ci-x\", \"expires\": \"soon\"}")
                .statusCode());
        assertEquals(200, cluster.send("DELETE", "/tokens/ci-2", ci, null).statusCode());
        assertTrue(cluster.tokens.authenticate(fresh).isEmpty());
        assertEquals(404, cluster.send("DELETE", "/tokens/ci-2", ci, null).statusCode());
        String audit = Files.readString(cluster.master.config().auditLog());
        assertTrue(audit.contains("\"identity\":\"token:ci\",") && audit.contains("\"action\":\"token.create\"")
                && audit.contains("\"action\":\"token.revoke\""), audit);
        assertTrue(!audit.contains(fresh), "a token in the audit log");
    }

    /**
     * The escalation the trust review found: a holder of {@code @tokens} revoked {@code admin} and made a new token
     * named {@code admin}, which carried admin's grants. Names are bound to grants by publisher_acl's author.
     */
    @Test
    void aTokensHolderCannotMintOrRevokeANameWiderThanItself() throws Exception {
        cluster.close();
        cluster = ApiFixture.start(Files.createDirectories(root.resolve("third")), """
                api: {interface: 127.0.0.1, port: 0}
                publisher_acl:
                  token:admin: ['*', '@keys', '@jobs', '@tokens']
                  token:ci:
                    - 'web*': [test.*]
                    - '@tokens': ['ci-*', 'bot*']
                  token:ci-root: ['*']
                  token:ci-web: [{'web*': [test.ping]}]
                  token:plain: ['@tokens']
                  token:wild: [{'@tokens': ['*']}]
                """, HttpClient.newHttpClient(), Duration.ofSeconds(15));
        String admin = cluster.tokens.create("admin", null);
        String ci = cluster.tokens.create("ci", null);
        String plain = cluster.tokens.create("plain", null);
        String wild = cluster.tokens.create("wild", null);
        Files.createDirectories(cluster.master.config().pkiDir().resolve("clients"));
        Files.writeString(cluster.master.config().pkiDir().resolve("clients/bot1"), "a client key");

        HttpResponse<String> revoke = cluster.send("DELETE", "/tokens/admin", ci, null);
        assertEquals(403, revoke.statusCode(), revoke.body());
        assertTrue(cluster.tokens.authenticate(admin).isPresent(), "admin's token still works");
        assertRefused(ci, "admin", "its @tokens grant covers only [ci-*, bot*]");
        assertRefused(ci, "ci-root", "publisher_acl grants token:ci-root more than 'token:ci' holds");
        assertRefused(ci, "bot1", "client key");
        assertRefused(wild, "local", "the master's own callers");
        assertRefused(wild, "library", "the master's own callers");
        assertRefused(wild, "ci-root", "more than 'token:wild' holds");
        assertRefused(plain, "anything", "its @tokens grant names no tokens");
        assertEquals(201, cluster.send("POST", "/tokens", ci, "{\"name\": \"ci-web\"}").statusCode(),
                "test.ping on web* is within test.* on web*");
        assertEquals(201, cluster.send("POST", "/tokens", ci, "{\"name\": \"ci-new\"}").statusCode(),
                "a name granted nothing");
        assertEquals(201, cluster.send("POST", "/tokens", wild, "{\"name\": \"ci-new2\"}").statusCode());

        String audit = Files.readString(cluster.master.config().auditLog());
        assertTrue(audit.contains("\"identity\":\"token:ci\"") && audit.contains("\"function\":\"token.revoke\"")
                && audit.contains("\"token\":\"admin\""), audit);
        assertEquals(List.of("admin", "ci", "ci-new", "ci-new2", "ci-web", "plain", "wild"),
                cluster.tokens.list().stream().map(TokenInfo::name).sorted().toList());
    }

    private void assertRefused(String token, String name, String why) throws Exception {
        HttpResponse<String> r = cluster.send("POST", "/tokens", token, "{\"name\": \"" + name + "\"}");
        assertEquals(403, r.statusCode(), name + ": " + r.body());
        assertTrue(((String) ApiFixture.json(r).get("error")).contains(why), r.body());
    }

    private HttpResponse<String> post(String body) throws Exception {
        return cluster.send("POST", "/jobs", heat, body);
    }
}
