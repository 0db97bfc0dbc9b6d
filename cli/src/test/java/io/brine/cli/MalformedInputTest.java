package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/** Junk sent straight at the master's port: every frame is dropped with a counted reason, and service goes on. */
class MalformedInputTest {
    @TempDir
    Path root;

    @Test
    void malformedTruncatedAndOversizeFramesLeaveTheMasterServing() throws Exception {
        try (TestCluster c = TestCluster.start(root, "max_frame_size: 65536\n")) {
            Minion m = c.addMinion("steady");
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(10));
            c.cli("key", "accept", "steady");
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(10));

            try (ZContext ctx = new ZContext()) {
                ZMQ.Socket junk = ctx.createSocket(SocketType.DEALER);
                junk.setLinger(0);
                junk.connect("tcp://127.0.0.1:" + c.port);
                Random random = new Random(42);
                junk.send(new byte[0]);                                  // empty
                junk.send(new byte[] {1});                               // shorter than a header
                junk.send(new byte[] {9, 1, 1, 2, 3});                   // wrong version
                junk.send(new byte[] {1, 77, 1, 2, 3});                  // unknown kind
                junk.send(new byte[] {1, 1, 5, 6});                      // truncated handshake message
                junk.send(new byte[] {1, 3, 1, 2, 3, 4});                // handshake 3 without handshake 1
                junk.send(new byte[] {1, 4, 0, 0, 0, 0, 0, 0, 0, 1, 9});  // sealed frame without a session
                junk.sendMore(new byte[] {1, 1});                        // two frames in one message
                junk.send(new byte[] {1, 1});
                for (int i = 0; i < 200; i++) {
                    byte[] noise = new byte[random.nextInt(300)];
                    random.nextBytes(noise);
                    junk.send(noise);
                }
                byte[] handshake1 = new byte[34];
                handshake1[0] = 1;
                handshake1[1] = 1;                                        // an all-zero (low-order) ephemeral key
                junk.send(handshake1);
                ZMQ.Socket big = ctx.createSocket(SocketType.DEALER);
                big.setLinger(0);
                big.connect("tcp://127.0.0.1:" + c.port);
                big.send(new byte[200_000]);                              // over max_frame_size
                // the sockets stay open (they drop what they have not sent when closed) until the master counted
                // the junk of both
                Await.until(() -> c.master.connectionStats().dropped("frame_too_large") > 0
                        && c.master.dropCounters().matches(".*\\bmalformed=[1-9].*")
                        && c.master.dropCounters().matches(".*\\bhandshakeFailures=[1-9].*"),
                        "the junk counted: malformed frames, a failed handshake, an oversize frame",
                        Duration.ofSeconds(10));
            }

            TestCluster.CliResult r = c.cli("run", "steady", "test.echo", "still serving");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains("still serving"));
            String counters = c.master.dropCounters();
            assertTrue(counters.contains("malformed=") && !counters.contains("malformed=0 "), counters);
            assertTrue(!counters.contains("handshakeFailures=0 "), counters);
        }
    }
}
