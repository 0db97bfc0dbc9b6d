package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lanes of the master's handshake queue, and who may ask for the operator's. */
class HandshakeQueueTest {
    @Test
    void theOperatorGoesFirstThenKnownAddressesThenEveryoneElse() throws Exception {
        HandshakeQueue queue = new HandshakeQueue(100);
        List<String> ran = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String n = Integer.toString(i);
            assertTrue(queue.offer(() -> ran.add("other" + n), HandshakeQueue.Lane.OTHERS));
            assertTrue(queue.offer(() -> ran.add("known" + n), HandshakeQueue.Lane.KNOWN));
        }
        assertTrue(queue.offer(() -> ran.add("operator"), HandshakeQueue.Lane.OPERATOR));
        while (queue.size() > 0) {
            queue.take().run();
        }
        assertEquals(List.of("operator", "known0", "known1", "known2", "other0", "other1", "other2"), ran);
    }

    @Test
    void eachLaneIsBoundedAndTheOperatorsIsSmall() throws Exception {
        HandshakeQueue queue = new HandshakeQueue(1_000);
        int operator = 0;
        while (queue.offer(() -> { }, HandshakeQueue.Lane.OPERATOR)) {
            operator++;
        }
        assertEquals(HandshakeQueue.OPERATOR_CAPACITY, operator);
        int known = 0;
        while (queue.offer(() -> { }, HandshakeQueue.Lane.KNOWN)) {
            known++;
        }
        assertEquals(1_000, known, "a full operator lane takes nothing from the others");
        assertTrue(queue.offer(() -> { }, HandshakeQueue.Lane.OTHERS));
        queue.close();
        assertNull(queue.take());
        assertFalse(queue.offer(() -> { }, HandshakeQueue.Lane.OTHERS), "closed");
    }

    @Test
    void onlyAPeerOnTheMastersOwnHostGetsTheOperatorsLane() throws Exception {
        byte[] asked = ZmtpGreeting.ready("DEALER", ZmtpGreeting.OPERATOR_LANE);
        String lane = ZmtpGreeting.checkReady(asked, "DEALER");
        assertEquals(ZmtpGreeting.OPERATOR_LANE, lane);
        assertNull(ZmtpGreeting.checkReady(ZmtpGreeting.ready("DEALER"), "DEALER"), "a minion asks for nothing");
        assertNull(ZmtpGreeting.checkReady(ZmtpGreeting.ready("DEALER", "o".repeat(17)), "DEALER"),
                "an overlong value is ignored");

        assertTrue(ZmtpServer.grantsOperatorLane(lane, InetAddress.getByName("127.0.0.1")));
        assertTrue(ZmtpServer.grantsOperatorLane(lane, InetAddress.getByName("::1")));
        assertFalse(ZmtpServer.grantsOperatorLane(lane, InetAddress.getByName("10.0.0.7")), "a stranger's claim");
        assertFalse(ZmtpServer.grantsOperatorLane(null, InetAddress.getByName("127.0.0.1")));
        assertFalse(ZmtpServer.grantsOperatorLane("fast", InetAddress.getByName("127.0.0.1")));
    }
}
