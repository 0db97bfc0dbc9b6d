package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.functions.FunctionPolicy;
import io.brine.minion.Minion;
import io.brine.minion.RecurringSettings;
import io.brine.protocol.JidGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Salt's minion scheduler end to end: the jobs a minion runs by itself are jobs the master files under the caller
 * {@code schedule:NAME}, under the minion's policy and maxrunning, their returns reaching a master that was away,
 * the schedule surviving a restart, and the mine updating itself at start. Cron timing to the minute is proved on a
 * fake clock ({@code SchedulerTest.aCronEntryFiresAtTheStartOfItsMinuteOnly}); here a cron entry is accepted and
 * its next run lies on its minute.
 */
class ScheduleTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path root;

    /** web1's schedule, as a minion config's {@code schedule:} would give it. */
    private static final Map<String, Object> WEB1_SCHEDULE = Map.of(
            "tick", Map.of("function", "test.echo", "args", List.of("tick"), "seconds", 1),
            "refused", Map.of("function", "test.version", "seconds", 1),
            "nap", Map.of("function", "test.sleep", "args", List.of(1.5), "seconds", 1),
            "every5", Map.of("function", "test.ping", "cron", "*/5 * * * *"));

    @Test
    void scheduledJobsAreJobsOfTheirOwnUnderTheMinionsPolicyAndMaxrunningAndTheMineUpdatesItselfAtStart()
            throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            c.acceptedMinion("web1", m -> m.withFunctionPolicy(new FunctionPolicy(List.of("*"),
                    List.of("test.version"), null)).withRecurring(new RecurringSettings(WEB1_SCHEDULE,
                    Map.of("test.ping", List.of()), RecurringSettings.DEFAULT_MINE_INTERVAL)));
            c.acceptedMinion("db1");

            // an interval job: filed under the caller schedule:tick, its return recorded
            JsonNode tick = awaitReturned(c, "tick", 1).get(0);
            assertEquals("schedule:tick", tick.get("caller").asText());
            assertEquals("test.echo", tick.get("function").asText());
            assertEquals("web1", tick.get("target").asText());
            assertEquals("tick", show(c, tick).get("returns").get("web1").get("ret").asText());
            JsonNode all = list(c, "schedule:*");
            assertTrue(all.findValuesAsText("caller").contains("schedule:tick"), all.toString());

            // a function functions_denied refuses: recorded as refused, retcode 77
            JsonNode refused = show(c, awaitReturned(c, "refused", 1).get(0)).get("returns").get("web1");
            assertEquals(77, refused.get("retcode").asInt(), refused.toString());
            assertTrue(refused.get("ret").asText().contains("functions_denied"), refused.toString());

            // the mine: sent at start without anyone calling mine.update, read by another minion
            Await.until(() -> run(c, "db1", "mine.get", "*", "test.ping").get("returns").get("db1").get("ret")
                    .has("web1"), "web1's mine entry from its own update at start", WAIT);

            // schedule.list over brine run: each minion's schedule, the minion's own mine job hidden
            JsonNode lists = run(c, "*", "schedule.list").get("returns");
            String web1 = lists.get("web1").get("ret").asText();
            for (String entry : List.of("  tick:\n", "  refused:\n", "  nap:\n", "  every5:\n", "    source: config\n")) {
                assertTrue(web1.contains(entry), entry + " in " + web1);
            }
            assertTrue(!web1.contains("__mine_interval"), web1);
            assertEquals("schedule:\n  enabled: true\n", lists.get("db1").get("ret").asText());

            // a cron entry: accepted, its next run on its five-minute mark
            JsonNode next = run(c, "web1", "schedule.show_next_fire_time", "every5").get("returns").get("web1")
                    .get("ret");
            LocalDateTime at = LocalDateTime.parse(next.get("next_fire_time").asText());
            assertEquals(0, at.getMinute() % 5, next.toString());
            assertEquals(0, at.getSecond(), next.toString());

            // maxrunning 1: a 1.5 s sleep due every second never runs twice at once
            List<JsonNode> naps = new ArrayList<>();
            for (JsonNode job : awaitReturned(c, "nap", 2)) {
                naps.add(show(c, job).get("returns").get("web1"));
            }
            naps.sort(Comparator.comparing(r -> Instant.parse(r.get("start_time").asText())));
            for (int i = 1; i < naps.size(); i++) {
                Instant previousEnd = Instant.parse(naps.get(i - 1).get("end_time").asText());
                Instant start = Instant.parse(naps.get(i).get("start_time").asText());
                assertTrue(!start.isBefore(previousEnd), "run " + i + " started before run " + (i - 1)
                        + " ended: " + naps);
            }
        }
    }

    @Test
    void aJobAddedAtRunTimeSurvivesARestartAndItsReturnsMadeWhileTheMasterIsAwayReachItLater() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            Minion db1 = c.acceptedMinion("db1");
            JsonNode added = run(c, "db1", "schedule.add", "away", "function=test.echo", "job_args=[away]",
                    "seconds=1").get("returns").get("db1").get("ret");
            assertEquals("Added job: away to schedule.", added.get("comment").asText(), added.toString());

            db1 = c.restartMinion(db1);
            Minion restarted = db1;
            Await.until(() -> restarted.status() == io.brine.protocol.KeyStatus.ACCEPTED, "db1 back", WAIT);
            String listed = run(c, "db1", "schedule.list").get("returns").get("db1").get("ret").asText();
            assertTrue(listed.contains("  away:\n") && listed.contains("    source: runtime\n"), listed);
            Path spool = db1.config().cacheDir().resolve("returns");
            c.stopMaster();
            Instant away = Instant.now();
            // a run made while the master is away: its return waits in the spool, written there unacknowledged
            Await.until(() -> spooledSince(spool, away), "a return of a run made while the master is away", WAIT);
            c.startMaster();
            Instant back = Instant.now();
            Await.until(() -> list(c, "schedule:away").findValuesAsText("start_time").stream().map(Instant::parse)
                    .anyMatch(t -> t.isAfter(away) && t.isBefore(back)), "the run made while away, filed", WAIT);
        }
    }

    /** Whether the spool holds a return of a job started after {@code since} (a jid is its start, to the second). */
    private static boolean spooledSince(Path spool, Instant since) {
        try (Stream<Path> files = Files.list(spool)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".ret"))
                    .map(n -> JidGenerator.time(n.substring(0, n.length() - 4)))
                    .anyMatch(t -> t.isPresent() && t.get().isAfter(since));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until at least {@code n} jobs of entry {@code name} have their return recorded; those jobs. */
    private static List<JsonNode> awaitReturned(TestCluster c, String name, int n) throws InterruptedException {
        List<JsonNode> returned = new ArrayList<>();
        Await.until(() -> {
            returned.clear();
            list(c, "schedule:" + name).forEach(j -> {
                if (j.get("returned").asInt() == 1) {
                    returned.add(j);
                }
            });
            return returned.size() >= n;
        }, n + " returned runs of " + name, WAIT);
        return returned;
    }

    private static JsonNode list(TestCluster c, String caller) {
        return json(c.cli("job", "list", "--out", "json", "--limit", "1000", "--caller", caller));
    }

    private static JsonNode show(TestCluster c, JsonNode job) {
        return json(c.cli("job", "show", "--out", "json", job.get("jid").asText()));
    }

    private static JsonNode run(TestCluster c, String... words) {
        List<String> args = new ArrayList<>(List.of("run", "--out", "json"));
        args.addAll(List.of(words));
        TestCluster.CliResult r = c.cli(args.toArray(String[]::new));
        assertEquals(0, r.exit(), String.join(" ", words) + ": " + r.out() + r.err());
        return json(r);
    }

    private static JsonNode json(TestCluster.CliResult r) {
        try {
            return JSON.readTree(r.out());
        } catch (IOException e) {
            throw new AssertionError("not JSON (exit " + r.exit() + "): " + r.out() + r.err(), e);
        }
    }
}
