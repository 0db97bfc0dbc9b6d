package io.brine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.brine.jobs.Job;
import io.brine.protocol.MinionReturn;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The job document in JSON, YAML and JSON lines, Salt's nested text, the missing minions' lines and exit codes. */
class JobOutputTest {
    /** The README's example ("Outcomes and exit codes"), which scripts read. */
    private static final String README_DOCUMENT = "{\"jid\":\"20261122101500123456\",\"returns\":{\"web1\":{\"ret\":true,"
            + "\"retcode\":0,\"success\":true,\"start_time\":\"2026-11-22T10:15:00.120Z\",\"end_time\":"
            + "\"2026-11-22T10:15:00.121Z\"}},\"missing\":{\"db1\":\"not-connected\"}}";

    private final Job readme = Jobs.job("test.ping", List.of("web1", "db1"), List.of("db1"),
            Map.of("web1", Jobs.ok(true)));

    @Test
    void theJsonDocumentIsTheReadmesInItsKeysTheirOrderAndItsTimes() throws Exception {
        assertEquals(README_DOCUMENT, JobOutput.compactJson(JobOutput.document(readme)));
        String printed = JobOutput.render(readme, "json");
        assertTrue(printed.endsWith("}\n"), "indented, with a final newline: " + printed);
        assertTrue(printed.contains("\n  \"returns\" : {"), "indented: " + printed);
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.readTree(README_DOCUMENT), json.readTree(printed));
    }

    @Test
    void theYamlDocumentIsBlockYamlWithTheJsonDocumentsKeysAndValues() throws Exception {
        String printed = JobOutput.render(readme, "yaml");
        assertTrue(printed.startsWith("jid: \"" + readme.jid() + "\"\n"), "no document marker, the jid a string: "
                + printed);
        assertTrue(printed.contains("\nreturns:\n  web1:\n    ret: true\n"), printed);
        assertTrue(printed.endsWith("missing:\n  db1: not-connected\n"), printed);
        ObjectNode read = (ObjectNode) new ObjectMapper(new YAMLFactory()).readTree(printed);
        ObjectNode expected = (ObjectNode) new ObjectMapper().readTree(README_DOCUMENT);
        // the same values, of the same types: the jid a string, as in JSON
        assertEquals(expected, read);
    }

    @Test
    void jsonLinesPrintOneLinePerReturnByIdThenTheSummary() {
        Job job = Jobs.job("test.ping", List.of("web2", "web1", "db1"), List.of("db1"),
                Map.of("web2", Jobs.ok(true), "web1", Jobs.failed(1, "boom")));
        String times = "\"start_time\":\"2026-11-22T10:15:00.120Z\",\"end_time\":\"2026-11-22T10:15:00.121Z\"";
        assertEquals("{\"jid\":\"" + Jobs.JID + "\",\"id\":\"web1\",\"ret\":\"boom\",\"retcode\":1,\"success\":false,"
                + times + "}\n"
                + "{\"jid\":\"" + Jobs.JID + "\",\"id\":\"web2\",\"ret\":true,\"retcode\":0,\"success\":true," + times
                + "}\n"
                + "{\"jid\":\"" + Jobs.JID + "\",\"missing\":{\"db1\":\"not-connected\"},\"returned\":2,\"expected\":3}\n",
                JobOutput.renderFinished(job, "jsonl", JobOutput::text));
    }

    @Test
    void finishedJobsPrintTextThroughTheOutputterTheCallerChoosesAndOtherFormatsAsRendered() {
        assertEquals("highstate", JobOutput.renderFinished(readme, "text", j -> "highstate"));
        assertEquals(JobOutput.render(readme, "json"), JobOutput.renderFinished(readme, "json", j -> "highstate"));
        assertEquals(JobOutput.render(readme, "yaml"), JobOutput.renderFinished(readme, "yaml", j -> "highstate"));
        assertEquals(JobOutput.text(readme), JobOutput.render(readme, "text"));
    }

    @Test
    void textReadsPerMinionSortedWithAFailureMessageAsAnErrorLine() {
        Map<String, MinionReturn> returns = new LinkedHashMap<>();
        returns.put("web2", Jobs.ok(Map.of("role", "web")));
        returns.put("web1", Jobs.failed(1, "'nosuch.function' is not available"));
        returns.put("db1", Jobs.failed(2, List.of("a", "b")));
        Job job = Jobs.job("x.y", List.of("web2", "web1", "db1"), List.of(), returns);
        assertEquals("db1:\n    - a\n    - b\n"
                + "web1:\n    ERROR: 'nosuch.function' is not available\n"
                + "web2:\n    ----------\n    role:\n        web\n", JobOutput.text(job));
    }

    @Test
    void everyMissingMinionIsNamedWithItsOutcomeInTextAndJson() {
        long day = 86_400_000L;
        Job job = Jobs.job("test.ping", List.of("a", "b", "c", "d", "e", "f"), List.of("b", "e"), List.of("a"),
                Map.of(), List.of("c"), 0, List.of("d"), List.of("e"));
        assertEquals("a:\n    Minion did not return. [Still running]\n"
                + "b:\n    Minion did not return. [Not connected]\n"
                + "c:\n    Minion did not return. [No such minion: no accepted key has this id]\n"
                + "d:\n    Minion did not return. [Disconnected while it had the job; a return it still sends is kept]\n"
                + "e:\n    Minion did not return. [Killed: the job was killed while it waited for it to connect]\n"
                + "f:\n    Minion did not return. [No response]\n", JobOutput.text(job));
        assertEquals("{\"a\":\"running\",\"b\":\"not-connected\",\"c\":\"unknown\",\"d\":\"disconnected\","
                + "\"e\":\"killed\",\"f\":\"no-response\"}", JobOutput.compactJson(JobOutput.document(job).get("missing")));

        Job queued = Jobs.job("test.ping", List.of("away"), List.of("away"), List.of(), Map.of(), List.of(),
                System.currentTimeMillis() + day, List.of(), List.of());
        assertEquals("away:\n    Minion did not return. [Queued: it gets the job when it connects]\n",
                JobOutput.text(queued));
        Job expired = Jobs.job("test.ping", List.of("away"), List.of("away"), List.of(), Map.of(), List.of(),
                System.currentTimeMillis() - day, List.of(), List.of());
        assertEquals("away:\n    Minion did not return. [Expired: it did not connect before the queue time passed]\n",
                JobOutput.text(expired));
        assertEquals("{\"away\":\"expired\"}", JobOutput.compactJson(JobOutput.document(expired).get("missing")));
    }

    @Test
    void theExitCodeIsZeroOnlyWhenEveryExpectedMinionReturnedSuccessfully() {
        assertEquals(0, JobOutput.exitCode(Jobs.job("test.ping", List.of("web1"), List.of(),
                Map.of("web1", Jobs.ok(true)))));
        assertEquals(1, JobOutput.exitCode(Jobs.job("test.ping", List.of("web1", "web2"), List.of(),
                Map.of("web1", Jobs.ok(true), "web2", Jobs.failed(1, "boom")))), "a minion failed");
        assertEquals(1, JobOutput.exitCode(readme), "a minion did not return");
    }
}
