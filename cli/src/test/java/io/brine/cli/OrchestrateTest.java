package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.minion.RecurringSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Salt's orchestrate end to end, on the three-tier example ({@code examples/orchestrate}) and four real minions: the
 * database, the application servers one at a time once the database host says it is ready (an event sent from
 * inside it), then the load balancer, which finds the application servers in the mine.
 */
class OrchestrateTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path root;
    private static TestCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        Path tree = StateApplyTest.repositoryRoot().resolve("examples/orchestrate");
        cluster = TestCluster.start(root, "file_roots:\n  base:\n    - " + tree + "\npublisher_acl:\n  ops:\n"
                + "    - '@orchestrate'\n    - 'G@role:db': [state.sls]\n");
        minion("db1", "db", null);
        minion("app1", "app", "10.0.0.11");
        minion("app2", "app", "10.0.0.12");
        minion("lb1", "lb", null);
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    private static void minion(String id, String role, String addr) throws Exception {
        Path files = root.resolve("minions").resolve(id).resolve("files");
        Map<String, Object> grains = addr == null ? Map.of("role", role, "tier_root", files.toString())
                : Map.of("role", role, "tier_root", files.toString(), "addr", addr);
        Map<String, Object> mine = addr == null ? Map.of() : Map.of("tier_addr",
                Map.of("mine_function", "grains.get", "key", "addr"));
        cluster.acceptedMinion(id, c -> c.withGrains(grains).withRecurring(
                new RecurringSettings(Map.of(), mine, RecurringSettings.DEFAULT_MINE_INTERVAL)));
    }

    private static Path file(String minion, String path) {
        return root.resolve("minions").resolve(minion).resolve("files").resolve(path);
    }

    @Test
    void aReleaseRunsTierByTierOnceTheDatabaseHostSaysItIsReady() throws Exception {
        long since = System.currentTimeMillis();
        CompletableFuture<TestCluster.CliResult> run = CompletableFuture.supplyAsync(() -> cluster.cli("orchestrate",
                "--pillar", "{\"release\": \"2.0\", \"db_ready_timeout\": 60}", "orch.deploy"));
        // the database step has run; the orchestration now waits for the database host
        Await.until(() -> jobs("state.sls", since).stream().anyMatch(j -> j.target().equals("role:db")
                && j.returnedCount() == 1), "the database step", WAIT);
        assertFalse(run.isDone(), "it waits for the event");
        assertFalse(Files.exists(file("app1", "app/current")), "no application server before the database is ready");
        TestCluster.CliResult sent = cluster.cli("event", "send", "-c", minionYaml("db1").toString(), "tier/db/ready");
        assertEquals(0, sent.exit(), sent.err());
        TestCluster.CliResult r = run.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertEquals(0, r.exit(), r.out() + r.err());

        assertEquals("-- the schema of release 2.0", Files.readString(file("db1", "db/schema-2.0.sql")).strip());
        assertEquals("2.0", Files.readString(file("app1", "app/current")).strip());
        assertEquals("2.0", Files.readString(file("app2", "app/current")).strip());
        String backends = Files.readString(file("lb1", "lb/backends"));
        assertTrue(backends.contains("server app1 10.0.0.11") && backends.contains("server app2 10.0.0.12"),
                backends);
        assertFalse(Files.exists(file("db1", "db/ROLLED_BACK"))
                && Files.readString(file("db1", "db/ROLLED_BACK")).contains("2.0"), "no rollback of a good release");
        List<JobOverview> steps = jobs("state.sls", since);
        steps.sort(Comparator.comparing(JobOverview::jid));
        assertEquals(List.of("role:db", "role:app", "role:lb"), steps.stream().map(JobOverview::target).toList(),
                "tier by tier");
        // the run is one job, whose return names each step's job
        JobOverview orchestration = jobs("state.orchestrate", since).get(0);
        assertEquals("<redacted>", cluster.master.client().job(orchestration.jid()).orElseThrow().kwargs()
                .get("pillar"), "a pillar given may hold secrets: the job cache does not keep it");
        TestCluster.CliResult shown = cluster.cli("job", "show", orchestration.jid());
        assertEquals(0, shown.exit(), shown.err());
        for (JobOverview step : steps) {
            assertTrue(shown.out().contains("Job " + step.jid()), shown.out());
        }
    }

    @Test
    void aPlanChangesNothingAnywhereAndSaysWhatWouldChange() throws Exception {
        long since = System.currentTimeMillis();
        TestCluster.CliResult r = cluster.cli("orchestrate", "--test", "--out", "json", "--pillar",
                "{\"release\": \"3.0\"}", "orch.deploy");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("schema-3.0.sql"), "the database step's planned change: " + r.out());
        assertTrue(r.out().contains("Orchestration would wait for event 'tier/db/ready'"), r.out());
        assertTrue(r.out().contains("Function test.echo would be executed on target role:lb"), r.out());
        assertFalse(Files.exists(file("db1", "db/schema-3.0.sql")));
        assertNotEquals("3.0", Files.exists(file("app1", "app/current"))
                ? Files.readString(file("app1", "app/current")).strip() : "");
        assertTrue(jobs("test.echo", since).isEmpty(), "salt.function runs nothing in a plan");
    }

    @Test
    void aFailedDatabaseHaltsWhatRequiresItRunsTheRollbackAndNotItsSiblings() throws Exception {
        long since = System.currentTimeMillis();
        TestCluster.CliResult r = cluster.cli("orchestrate", "--out", "json", "--pillar",
                "{\"release\": \"4.0\", \"break_db\": true}", "orch.deploy");
        assertNotEquals(0, r.exit(), r.out());
        assertTrue(r.out().contains("Run failed on minions: db1"), r.out());
        assertTrue(Files.exists(file("db1", "db/ROLLED_BACK")), "the onfail step ran");
        assertEquals(List.of("role:db", "role:db"), jobs("state.sls", since).stream().map(JobOverview::target)
                .toList(), "the database and its rollback, no other tier");
        assertEquals(1, jobs("test.echo", since).size(), "the step that depends on nothing still ran");
        assertTrue(jobs("mine.update", since).isEmpty());
    }

    @Test
    void anOperatorRunsOnlyTheStepsItsGrantsAllowAndNothingAfterARefusedOne() throws Exception {
        long since = System.currentTimeMillis();
        String ops = client("ops");
        TestCluster.CliResult r = cluster.cli("orchestrate", "--client-key", ops, "--out", "json", "--pillar",
                "{\"release\": \"5.0\", \"db_ready_timeout\": 1}", "orch.deploy");
        assertNotEquals(0, r.exit(), r.out());
        assertTrue(r.out().contains("'ops' may not run test.echo"), r.out());
        List<JobOverview> published = cluster.master.client().jobs(new JobFilter(50, null, null, "ops", since));
        assertEquals(List.of("state.sls", "state.orchestrate"), published.stream().map(JobOverview::function)
                .sorted(Comparator.reverseOrder()).toList(), "its database step and the run itself, nothing after "
                + "the refused steps");
        String audit = Files.readString(root.resolve("master/cache/audit.jsonl"));
        assertTrue(audit.contains("\"orchestrate\"") && audit.contains("may not run test.echo"), audit);

        TestCluster.CliResult nobody = cluster.cli("orchestrate", "--client-key", client("bob"), "orch.deploy");
        assertNotEquals(0, nobody.exit());
        assertTrue(nobody.err().contains("'bob' may not run orchestrations (needs @orchestrate)"), nobody.err());
    }

    private static List<JobOverview> jobs(String function, long since) {
        return new java.util.ArrayList<>(cluster.master.client().jobs(new JobFilter(100, function, null, null, since)));
    }

    private static Path minionYaml(String id) throws Exception {
        Path dir = root.resolve("minions").resolve(id);
        return Files.writeString(root.resolve(id + ".yaml"), "id: " + id + "\nmaster: 127.0.0.1\nmaster_port: "
                + cluster.port + "\npki_dir: " + dir.resolve("pki") + "\ncachedir: " + dir.resolve("cache") + "\n");
    }

    private static String client(String name) {
        Path dir = root.resolve("operators").resolve(name);
        if (!Files.exists(dir.resolve(name + ".pem"))) {
            TestCluster.CliResult r = cluster.cli("client", "create", name, "--out", dir.toString());
            assertEquals(0, r.exit(), r.err());
        }
        return dir.resolve(name + ".pem").toString();
    }
}
