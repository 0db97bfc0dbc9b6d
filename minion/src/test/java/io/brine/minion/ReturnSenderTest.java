package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.JobReturn;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.SessionLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Returns cut to what the master takes, sent again cut when it refused one, and given up on when it never takes it. */
class ReturnSenderTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path cache;
    private final List<JobReturn> sent = new CopyOnWriteArrayList<>();

    private ReturnSender sender(ReturnSpool spool) {
        return new ReturnSender(4 * MIB, spool, (Message m) -> sent.add((JobReturn) m));
    }

    private static JobReturn output(String jid, int bytes) {
        return new JobReturn(jid, MinionReturn.ok("a".repeat(bytes), 1, 2));
    }

    private static String jid(int n) {
        return String.format("202611270000000000%02d", n);
    }

    @Test
    void aReturnIsCutToTheMastersLimitWhenItIsSmallerThanTheMinionsOwn() throws Exception {
        ReturnSender s = sender(ReturnSpool.open(cache.resolve("returns"), 64L * MIB));
        s.onLimits(SessionLimits.of(2 * MIB, 4 * MIB));
        s.returned(output(jid(1), 3 * MIB), 3_000_000);
        String out = (String) sent.get(0).result().ret();
        assertTrue(MessageCodec.encode(sent.get(0)).length <= 2 * MIB - ReturnCap.FRAME_OVERHEAD);
        assertTrue(out.endsWith("[... truncated by brine: the return was 3000000 bytes, over the master's "
                + "max_frame_size 2097152]"), out.substring(out.length() - 120));
    }

    @Test
    void aReturnTheMasterRefusedAsTooLargeIsSentAgainCutToFit() throws Exception {
        ReturnSpool spool = ReturnSpool.open(cache.resolve("returns"), 64L * MIB);
        ReturnSender s = sender(spool);
        s.returned(output(jid(1), 3 * MIB), 0); // no limits heard yet: the minion's own 4 MiB
        s.returned(output(jid(2), 100), 0);
        assertEquals(2, sent.size());
        s.onLimits(new SessionLimits(MIB, 4 * MIB, MessageCodec.encode(sent.get(0)).length + 26));
        assertEquals(3, sent.size(), "only the large one goes again");
        assertEquals(jid(1), sent.get(2).jid());
        assertTrue(MessageCodec.encode(sent.get(2)).length <= MIB);
        assertEquals(sent.get(2), spool.find(jid(1)).orElseThrow(), "the cut one is what is kept");
    }

    @Test
    void aReturnTheMasterPassesOverFiveTimesIsSetAsideAndNeverSentAgain() throws Exception {
        ReturnSpool spool = ReturnSpool.open(cache.resolve("returns"), 64L * MIB);
        ReturnSender s = sender(spool);
        String poison = jid(1);
        s.returned(output(poison, 10), 0);
        for (int round = 0; round < ReturnSender.MAX_FAILURES; round++) {
            assertTrue(spool.find(poison).isPresent(), "given up too early, in round " + round);
            String later = jid(10 + round);
            s.returned(output(later, 10), 0);
            s.acknowledged(List.of(later)); // a return sent after it was taken, it was not
            s.resendAll(); // a new session
        }
        assertFalse(spool.find(poison).isPresent());
        assertEquals(1, spool.setAsideCount());
        assertTrue(Files.exists(cache.resolve("returns-aside/" + poison + ".ret")), "kept on disk");
        sent.clear();
        assertEquals(0, s.resendAll());
        assertTrue(sent.isEmpty());
    }

    @Test
    void aMasterThatAcknowledgesNothingYetCountsAgainstNoReturn() throws Exception {
        ReturnSpool spool = ReturnSpool.open(cache.resolve("returns"), 64L * MIB);
        ReturnSender s = sender(spool);
        s.returned(output(jid(1), 10), 0);
        for (int round = 0; round < 3 * ReturnSender.MAX_FAILURES; round++) {
            s.resendAll(); // sessions come and go; the master's cache cannot store anything yet
            s.resendStale(0);
        }
        assertTrue(spool.find(jid(1)).isPresent());
        s.acknowledged(List.of(jid(1)));
        assertFalse(spool.find(jid(1)).isPresent());
        assertEquals(0, spool.setAsideCount());
    }
}
