package io.brine.orchestrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.master.internal.Orchestrator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SaltOrchestratorTest {
    @TempDir
    Path tree;

    private final FakeHost host = new FakeHost(Map.of("db*", List.of("db1"), "bad*", List.of("bad1"),
            "web*", List.of("web1", "web2"), "gone*", List.of("gone1"), "mixed", List.of("web1", "bad2")));

    private Orchestrator.Outcome run(String sls, boolean test) throws Exception {
        Files.createDirectories(tree.resolve("orch"));
        Files.writeString(tree.resolve("orch/run.sls"), sls);
        return new SaltOrchestrator().run(new Orchestrator.Run("20261129000000000001", "orch.run", test, Map.of(),
                "m_master", List.of(tree), host));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> state(Orchestrator.Outcome o, String key) {
        return (Map<String, Object>) ((Map<String, Object>) o.highstate()).get(key);
    }

    @Test
    void aFailedStepStopsWhatRequiresItRunsItsOnfailAndNotItsSiblings() throws Exception {
        Orchestrator.Outcome o = run("""
                db:
                  salt.state: [{tgt: 'bad*'}, {sls: db}]
                app:
                  salt.state: [{tgt: 'web*'}, {sls: app}, {require: [{salt: db}]}]
                rollback:
                  salt.function: [{tgt: 'db*'}, {name: test.ping}, {onfail: [{salt: db}]}]
                sibling:
                  salt.function: [{tgt: 'web*'}, {name: test.ping}]
                """, false);
        assertFalse(o.success());
        assertEquals(List.of("state.sls bad*", "test.ping db*", "test.ping web*"), host.functions());
        Map<String, Object> db = state(o, "salt_|-db_|-db_|-state");
        assertEquals(false, db.get("result"));
        assertTrue(String.valueOf(db.get("comment")).startsWith("Run failed on minions: bad1."), db.toString());
        assertEquals(Map.of("out", "highstate", "ret", Map.of("bad1", Map.of("x", Map.of("result", false,
                "changes", Map.of())))), db.get("changes"), "Salt's shape: the failed minion's run nested");
        assertEquals(false, state(o, "salt_|-app_|-app_|-state").get("result"));
        assertTrue(String.valueOf(state(o, "salt_|-app_|-app_|-state").get("comment")).contains("requisite"));
    }

    @Test
    void aMinionThatDoesNotReturnFailsTheStepUnlessFailMinionsExcusesIt() throws Exception {
        Orchestrator.Outcome o = run("""
                strict:
                  salt.state: [{tgt: 'gone*'}, {sls: x}]
                excused:
                  salt.function: [{tgt: mixed}, {name: test.ping}, {fail_minions: bad2}]
                """, false);
        assertTrue(String.valueOf(state(o, "salt_|-strict_|-strict_|-state").get("comment"))
                .startsWith("Run failed on minions: gone1."));
        Map<String, Object> excused = state(o, "salt_|-excused_|-test.ping_|-function");
        assertEquals(true, excused.get("result"), excused.toString());
        assertEquals(Map.of("ret", Map.of("web1", "ok", "bad2", Map.of("x", Map.of("result", false, "changes",
                Map.of())))), excused.get("changes"));
    }

    @Test
    void aPlanRunsStatesInTestModeAndNothingElse() throws Exception {
        Orchestrator.Outcome o = run("""
                db:
                  salt.state: [{tgt: 'db*'}, {sls: db}, {pillar: {release: '2.0'}}]
                ping:
                  salt.function: [{tgt: 'web*'}, {name: test.ping}]
                ready:
                  salt.wait_for_event: [{id_list: [db1]}]
                status:
                  salt.runner: [{name: manage.status}]
                """, true);
        assertTrue(o.success(), o.highstate().toString());
        assertEquals(1, host.published.size(), "only the state run, in test mode");
        assertEquals(Map.of("test", true, "pillar", Map.of("release", "2.0")), host.published.get(0).kwargs());
        assertNull(state(o, "salt_|-db_|-db_|-state").get("result"), "would change: None, as in Salt");
        assertEquals("Function test.ping would be executed on target web*",
                state(o, "salt_|-ping_|-test.ping_|-function").get("comment"));
        assertNull(state(o, "salt_|-ready_|-ready_|-wait_for_event").get("result"));
        assertNull(state(o, "salt_|-status_|-manage.status_|-runner").get("result"));
    }

    @Test
    void anEventSentBeforeTheStepWaitsReleasesItAndSaltsTagsReadAsBrines() throws Exception {
        CompletableFuture<Orchestrator.Outcome> running = CompletableFuture.supplyAsync(() -> {
            try {
                return run("""
                        ready:
                          salt.wait_for_event: [{name: 'salt/minion/*/start'}, {id_list: [web1, web2]}, {timeout: 30}]
                        built:
                          salt.wait_for_event: [{name: 'build/*'}, {id_list: [web1]}, {timeout: 30}]
                        never:
                          salt.wait_for_event: [{name: nothing}, {id_list: [web1]}, {timeout: 0.2}]
                        """, false);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        // the run listens first thing; an event published before that is no orchestration's
        while (!host.listening() && !running.isDone()) {
            Thread.onSpinWait();
        }
        host.publish("brine/minion/web1/event/build/done", Map.of());
        host.publish("brine/minion/web1/start", Map.of("id", "web1"));
        host.publish("brine/minion/web2/start", Map.of());
        Orchestrator.Outcome o = running.get(30, TimeUnit.SECONDS);
        assertEquals(true, state(o, "salt_|-ready_|-salt/minion/*/start_|-wait_for_event").get("result"));
        assertEquals(true, state(o, "salt_|-built_|-build/*_|-wait_for_event").get("result"),
                "a tag a minion sent matches as Salt's event.send tag");
        Map<String, Object> never = state(o, "salt_|-never_|-nothing_|-wait_for_event");
        assertEquals("Timeout value reached. Still waiting for web1.", never.get("comment"));
    }

    @Test
    void theMastersMineAnswersTheRunsTemplatesAndMinionFunctionsAreRefused() throws Exception {
        Orchestrator.Outcome ok = run("""
                {% set web = salt['mine.get']('role:web', 'ip', tgt_type='grain') %}
                lb:
                  test.succeed_without_changes: [{name: "{{ web['web1'] }}"}]
                """, false);
        assertTrue(ok.success());
        assertTrue(ok.highstate().toString().contains("10.0.0.1"), ok.highstate().toString());
        Orchestrator.Outcome refused = run("""
                x:
                  test.succeed_without_changes: [{name: "{{ salt['cmd.run']('id') }}"}]
                """, false);
        assertFalse(refused.success());
        assertTrue(refused.highstate().toString().contains("only the data helpers and mine.get are"),
                refused.highstate().toString());
    }
}
