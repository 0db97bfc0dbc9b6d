package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@link JsonShape} counts as a disagreement between a documented example and a real answer. */
class JsonShapeTest {
    private static List<String> diff(String documented, String real) throws Exception {
        return JsonShape.differences(ApiExchange.JSON.readTree(documented), ApiExchange.JSON.readTree(real));
    }

    @Test
    void valuesMayDifferButNotKeysOrTypes() throws Exception {
        assertEquals(List.of(), diff("{\"jid\":\"1\",\"n\":2}", "{\"jid\":\"99\",\"n\":7.5}"));
        assertEquals(List.of("$: documented keys not answered: [n]"),
                diff("{\"jid\":\"1\",\"n\":2}", "{\"jid\":\"1\"}"));
        assertEquals(List.of("$: answered keys not documented: [x]"),
                diff("{\"jid\":\"1\"}", "{\"jid\":\"1\",\"x\":1}"));
        assertEquals(List.of("$.missing: documented array, answered object {\"web2\":\"unknown\"}"),
                diff("{\"missing\":[\"web2\"]}", "{\"missing\":{\"web2\":\"unknown\"}}"));
    }

    @Test
    void mapsKeyedByMinionIdsCompareTheirEntriesAndArraysTheirElements() throws Exception {
        String doc = "{\"returns\":{\"web1\":{\"ret\":true,\"retcode\":0}},\"up\":[\"web1\"]}";
        assertEquals(List.of(), diff(doc, "{\"returns\":{\"a\":{\"ret\":false,\"retcode\":1},\"b\":{\"ret\":true,"
                + "\"retcode\":0}},\"up\":[\"a\",\"b\"]}"));
        assertEquals(List.of("$.returns.b: documented keys not answered: [retcode]", "$.up[1]: documented string,"
                + " answered number 3"), diff(doc, "{\"returns\":{\"a\":{\"ret\":false,\"retcode\":1},\"b\":{\"ret\":"
                + "true}},\"up\":[\"a\",3]}"));
    }

    @Test
    void grainsMayHoldMoreThanTheDocumentShowsAndNullMeansAnything() throws Exception {
        assertEquals(List.of(), diff("{\"grains\":{\"os\":\"Debian\"},\"last_seen\":null}",
                "{\"grains\":{\"os\":\"Alpine\",\"cpus\":4},\"last_seen\":\"2026-11-22T10:15:00Z\"}"));
        assertEquals(List.of("$.grains: documented keys not answered: [role]"),
                diff("{\"grains\":{\"role\":\"web\"}}", "{\"grains\":{\"os\":\"Alpine\"}}"));
    }

    @Test
    void aDocumentedTimeMustBeAnsweredAsOneWithAtMostMilliseconds() throws Exception {
        String doc = "{\"t\":\"2026-11-22T10:15:00.123Z\"}";
        assertEquals(List.of(), diff(doc, "{\"t\":\"2026-11-26T02:37:59Z\"}"));
        assertEquals(List.of("$.t: documented a time like 2026-11-22T10:15:00.123Z, answered "
                + "2026-11-26T02:37:59.415166037Z"), diff(doc, "{\"t\":\"2026-11-26T02:37:59.415166037Z\"}"));
        assertEquals(List.of("$.t: documented a time like 2026-11-22T10:15:00.123Z, answered 1795342400000"),
                diff(doc, "{\"t\":\"1795342400000\"}"));
    }
}
