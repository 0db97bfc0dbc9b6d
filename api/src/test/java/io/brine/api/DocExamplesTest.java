package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How {@link DocExamples} reads the blocks and {@code curl} commands of a Markdown document. */
class DocExamplesTest {
    private static final Map<String, String> VARS = Map.of("BRINE_TOKEN", "t0k", "jid", "20261122101500123456");

    @Test
    void blocksKnowTheCommentBeforeThemAndWhetherTheyFollowTheOneBefore() {
        List<DocExamples.Block> blocks = DocExamples.blocks(List.of("text", "<!-- example: not run: needs a VM -->",
                "```sh", "curl -s \\", "  http://127.0.0.1:8000/keys", "brine key list", "```",
                "```json", "{}", "```"));
        assertEquals(2, blocks.size());
        assertEquals("not run: needs a VM", blocks.get(0).directive());
        assertEquals(List.of("curl -s    http://127.0.0.1:8000/keys"), blocks.get(0).commands());
        assertEquals(true, blocks.get(1).follows(blocks.get(0)));
        assertEquals(null, blocks.get(1).directive());
    }

    @Test
    void curlCommandsBecomeRequests() {
        DocExamples.Curl post = DocExamples.Curl.parse("curl -s -H \"Authorization: Bearer $BRINE_TOKEN\" -d "
                + "'{\"target\": \"web*\"}' http://127.0.0.1:8000/jobs", VARS);
        assertEquals(new DocExamples.Curl("POST", "/jobs", Map.of("Authorization", "Bearer t0k"),
                "{\"target\": \"web*\"}", false, null, null), post);
        DocExamples.Curl kill = DocExamples.Curl.parse("curl -s -X DELETE http://127.0.0.1:8000/jobs/$jid  # too late",
                VARS);
        assertEquals("DELETE /jobs/20261122101500123456", kill.method() + " " + kill.path());
        DocExamples.Curl cast = DocExamples.Curl.parse("jid=$(curl -s -d '{\"mode\": \"cast\"}' "
                + "http://127.0.0.1:8000/jobs | jq -r .jid)", VARS);
        assertEquals(List.of("jid", "jid", "POST"), List.of(cast.assignTo(), cast.field(), cast.method()));
        DocExamples.Curl piped = DocExamples.Curl.parse(
                "curl -sN 'http://127.0.0.1:8000/openapi.json' | jq '.paths | keys'", VARS);
        assertEquals(List.of("/openapi.json", true), List.of(piped.path(), piped.stream()));
    }

    @Test
    void whatTheRunnerCannotDoIsAnErrorNotASilentSkip() {
        assertThrows(IllegalArgumentException.class, () -> DocExamples.Curl.parse("curl -s $OTHER/keys", VARS));
        assertThrows(IllegalArgumentException.class, () -> DocExamples.Curl.parse("curl -s -d \"$(cat body.json)\" "
                + "http://127.0.0.1:8000/jobs", VARS));
        assertThrows(IllegalArgumentException.class, () -> DocExamples.Curl.parse("curl --retry 3 "
                + "http://127.0.0.1:8000/keys", VARS));
        assertThrows(IllegalArgumentException.class, () -> DocExamples.Curl.parse("curl -s https://example.org/keys",
                VARS));
    }
}
