package io.brine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlainJsonTest {
    private static final ObjectMapper INDENTED = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper COMPACT = new ObjectMapper();

    /** Every kind of value a minion's return decodes to, and the document's own, in awkward shapes. */
    private static Map<String, Object> everything() {
        Map<String, Object> ret = new LinkedHashMap<>();
        ret.put("text", "quote \" backslash \\ newline \n tab \t nul \u0000 esc \u001b snowman \u2603 \uD83D\uDE00");
        ret.put("long", Long.MIN_VALUE);
        ret.put("int", 42);
        ret.put("short", (short) -7);
        ret.put("byte", (byte) 5);
        ret.put("double", 0.1 + 0.2);
        ret.put("whole double", 3.0);
        ret.put("tiny", 1e-300);
        ret.put("nan", Double.NaN);
        ret.put("infinity", Double.NEGATIVE_INFINITY);
        ret.put("float", 1.5f);
        ret.put("big", new BigInteger("123456789012345678901234567890"));
        ret.put("decimal", new BigDecimal("1.250"));
        ret.put("yes", true);
        ret.put("nothing", null);
        ret.put("bytes", new byte[] {0, 1, 2, (byte) 0xff, 'x'});
        ret.put("empty map", Map.of());
        ret.put("empty list", List.of());
        ret.put("nested", List.of(List.of(Map.of("k", List.of())), Arrays.asList(null, "x", 1L)));
        return JobDocument.document("20261128003016840557",
                Map.of("m1", JobDocument.minion(ret, 0, true, Instant.EPOCH, Instant.ofEpochMilli(1500))),
                Map.of("m2", "no-response"));
    }

    @Test
    void aJobDocumentIsWrittenExactlyAsTheMapperWritesIt() throws Exception {
        Map<String, Object> doc = everything();
        assertTrue(PlainJson.writes(doc));
        assertEquals(INDENTED.writeValueAsString(doc) + "\n", JobOutput.json(doc));
        assertEquals(COMPACT.writeValueAsString(doc), JobOutput.compactJson(doc));
    }

    @Test
    void scalarsAndEmptyContainersAtTheTopAreWrittenAsTheMapperWritesThem() throws Exception {
        for (Object v : Arrays.asList(null, "s", 1L, 2.5, true, Map.of(), List.of(), new byte[0])) {
            assertEquals(INDENTED.writeValueAsString(v) + "\n", JobOutput.json(v), String.valueOf(v));
            assertEquals(COMPACT.writeValueAsString(v), JobOutput.compactJson(v), String.valueOf(v));
        }
    }

    @Test
    void valuesThatAreNotPlainAreLeftToTheMapper() throws Exception {
        record Key(String name, int bits) {
        }
        Map<Object, Object> numericKeys = new LinkedHashMap<>();
        numericKeys.put(1, "one");
        List<Object> withRecord = new ArrayList<>(List.of("a", new Key("k", 256)));
        assertFalse(PlainJson.writes(numericKeys));
        assertFalse(PlainJson.writes(Map.of("keys", withRecord)));
        assertFalse(PlainJson.writes(Instant.EPOCH));
        assertEquals(INDENTED.writeValueAsString(numericKeys) + "\n", JobOutput.json(numericKeys));
        assertEquals(COMPACT.writeValueAsString(withRecord), JobOutput.compactJson(withRecord));
    }

    @Test
    void nestingBeyondTheBoundIsLeftToTheMapper() {
        Object deep = "leaf";
        for (int i = 0; i < 300; i++) {
            deep = List.of(deep);
        }
        assertFalse(PlainJson.writes(deep));
        assertTrue(JobOutput.compactJson(deep).startsWith("[[[["));
    }
}
