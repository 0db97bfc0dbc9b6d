package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.FileReply;
import io.brine.protocol.Hello;
import io.brine.protocol.Message;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Large frames land in buffers that come back once their data is used, through real sockets. */
class FrameBuffersTest {
    private static final int CHUNK = 256 * 1024;

    @Test
    void smallFramesAreLeftToTheHeapAndLargeOnesShareBuffers() {
        FrameBuffers buffers = new FrameBuffers();
        ByteBuffer small = buffers.allocate(1000);
        assertEquals(1000, small.array().length);
        buffers.recycle(small);
        assertEquals(0, buffers.free(), "a small frame's buffer is not one of the pool's");

        ByteBuffer frame = buffers.allocate(CHUNK + 100);
        assertEquals(CHUNK + 100, frame.remaining(), "the message is as long as the frame, not the buffer");
        assertEquals(FrameBuffers.BUFFER_SIZE, frame.array().length, "a large frame lies in a pool buffer");
        buffers.recycle(frame);
        buffers.recycle(frame);
        assertEquals(1, buffers.free(), "a buffer handed back twice is taken once");
        assertSame(frame.array(), buffers.allocate(CHUNK).array(), "a recycled buffer is used again");
        assertNotSame(frame.array(), buffers.allocate(CHUNK).array(), "but only by one frame");
    }

    @Test
    void atMostAWindowOfFreeBuffersIsKeptAndNoneOnceIdle() {
        FrameBuffers buffers = new FrameBuffers();
        List<ByteBuffer> taken = new ArrayList<>();
        for (int i = 0; i < FrameBuffers.MAX_FREE + 5; i++) {
            taken.add(buffers.allocate(CHUNK));
        }
        taken.forEach(buffers::recycle);
        assertEquals(FrameBuffers.MAX_FREE, buffers.free());
        buffers.recycle(ByteBuffer.allocate(CHUNK));
        assertEquals(FrameBuffers.MAX_FREE, buffers.free(), "a buffer of another size is not taken");

        buffers.trimIfIdle(MonotonicMillis.now());
        assertEquals(FrameBuffers.MAX_FREE, buffers.free(), "not idle yet");
        buffers.trimIfIdle(MonotonicMillis.now() + FrameBuffers.IDLE_MILLIS + 1);
        assertEquals(0, buffers.free());
    }

    @Test
    void chunksReceivedOneAfterAnotherReuseOneBufferAndAChunkStillHeldIsNeverOverwritten() throws Exception {
        BlockingQueue<FileReply> received = new LinkedBlockingQueue<>();
        try (TestMaster master = TestMaster.start(TestMaster.acceptAll(), TransportSettings.DEFAULTS)) {
            DealerEndpoint dealer = new DealerEndpoint(TestRuntimes.DEALERS,
                    "tcp://127.0.0.1:" + master.router.port(), StaticKeyPair.generate(),
                    new Hello(Role.MINION, "m1", "test"), serverKey -> null, TransportSettings.DEFAULTS);
            dealer.start((Message m) -> received.add((FileReply) m));
            try {
                assertTrue(TestMaster.accepted(dealer));
                assertTrue(master.awaitSessions(1, Duration.ofSeconds(10)));
                Session session = master.sessions.get(0);
                Random random = new Random(11);

                byte[] heldBytes = chunk(random);
                session.send(new FileReply(0, FileReply.Status.DATA, null, 1L << 30, 0, heldBytes));
                FileReply held = received.poll(10, TimeUnit.SECONDS);
                assertNotNull(held);

                Set<byte[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
                for (int i = 1; i <= 20; i++) {
                    byte[] sent = chunk(random);
                    session.send(new FileReply(i, FileReply.Status.DATA, null, 1L << 30,
                            (long) i * CHUNK, sent));
                    FileReply reply = received.poll(10, TimeUnit.SECONDS);
                    assertNotNull(reply, "chunk " + i);
                    assertEquals(ByteBuffer.wrap(sent), reply.data(), "chunk " + i);
                    arrays.add(reply.data().array());
                    dealer.recycle(reply.data());
                }
                assertTrue(arrays.size() <= 2, "20 chunks, each used and handed back, took " + arrays.size()
                        + " buffers");
                assertFalse(arrays.contains(held.data().array()), "the chunk never handed back kept its buffer");
                assertEquals(ByteBuffer.wrap(heldBytes), held.data(), "and its bytes");
            } finally {
                dealer.close();
            }
        }
    }

    private static byte[] chunk(Random random) {
        byte[] b = new byte[CHUNK];
        random.nextBytes(b);
        return b;
    }
}
