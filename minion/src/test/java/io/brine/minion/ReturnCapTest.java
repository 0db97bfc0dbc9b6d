package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.JobReturn;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.ValueBounds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReturnCapTest {
    private static final String JID = "20261125120000000001";
    private final ReturnCap cap = new ReturnCap(64 * 1024);

    @Test
    void aSmallReturnIsSentAsItIs() {
        JobReturn r = new JobReturn(JID, MinionReturn.ok(Map.of("stdout", "hello"), 1, 2));
        assertSame(r, cap.apply(r));
    }

    @Test
    void theLongestTextIsCutWithAMarkerGivingTheOriginalSize() {
        String big = "x".repeat(200_000);
        JobReturn r = new JobReturn(JID, MinionReturn.ok(Map.of("stdout", big, "stderr", "warn", "retcode", 0), 1, 2));
        JobReturn out = cap.apply(r);
        assertTrue(MessageCodec.encode(out).length <= 64 * 1024);
        @SuppressWarnings("unchecked")
        Map<String, Object> ret = (Map<String, Object>) out.result().ret();
        String stdout = (String) ret.get("stdout");
        assertTrue(stdout.startsWith("xxxx"));
        assertTrue(stdout.contains("[... truncated by brine: the return was " + MessageCodec.encode(r).length
                + " bytes, over max_return_size 65536]"), stdout.substring(stdout.length() - 120));
        assertEquals("warn", ret.get("stderr"));
        assertTrue(out.result().success());
    }

    @Test
    void multiByteTextIsCutBelowTheCapToo() {
        JobReturn r = new JobReturn(JID, MinionReturn.ok("ü€😀".repeat(40_000), 1, 2));
        JobReturn out = cap.apply(r);
        assertTrue(MessageCodec.encode(out).length <= 64 * 1024);
        assertTrue(((String) out.result().ret()).endsWith("65536]"));
    }

    @Test
    void aReturnOfManySmallValuesThatCannotBeCutBecomesAFailureSayingSo() {
        List<Object> many = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            many.add(i);
        }
        JobReturn out = cap.apply(new JobReturn(JID, MinionReturn.ok(many, 1, 2)));
        assertFalse(out.result().success());
        assertTrue(((String) out.result().ret()).startsWith("return too large: "), out.result().ret().toString());
    }

    @Test
    void aReturnHoldingMoreValuesOrNestingDeeperThanTheMasterReadsBecomesAFailureSayingSo() {
        ReturnCap generous = new ReturnCap(64 << 20);
        JobReturn many = generous.apply(new JobReturn(JID, MinionReturn.ok(java.util.Collections.nCopies(
                ValueBounds.RETURN.maxValues(), 0), 1, 2)));
        assertFalse(many.result().success());
        assertEquals("return not sent: it holds more than the master reads (return: more than 1048576 values)",
                many.result().ret());
        assertEquals(2, many.result().endMillis());

        Object deep = "leaf";
        for (int i = 0; i <= ValueBounds.RETURN.maxDepth(); i++) {
            deep = List.of(deep);
        }
        JobReturn nested = generous.apply(new JobReturn(JID, MinionReturn.ok(deep, 1, 2)));
        assertTrue(((String) nested.result().ret()).contains("return: nesting deeper than 32 levels"),
                nested.result().ret().toString());
    }
}
