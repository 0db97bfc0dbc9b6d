package io.brine.modules.cp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlushingChannelTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void aFileWrittenPastTheFlushIntervalIsFlushedOnTheWayAndArrivesWhole() throws Exception {
        Path file = Files.createFile(dir.resolve("received.part"));
        byte[] chunk = new byte[MIB];
        new Random(7).nextBytes(chunk);
        int chunks = 2 * FlushingChannel.FLUSH_EVERY_MIB + 3;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE);
                FlushingChannel out = new FlushingChannel(ch)) {
            for (int i = 0; i < chunks; i++) {
                ByteBuffer b = ByteBuffer.wrap(chunk);
                while (b.hasRemaining()) {
                    out.write(b);
                }
            }
            assertTrue(out.flushesStarted() >= 1, "a background flush started before the end");
            out.forceAll();
        }
        assertEquals((long) chunks * MIB, Files.size(file));
        try (FileChannel in = FileChannel.open(file)) {
            ByteBuffer last = ByteBuffer.allocate(MIB);
            in.read(last, (long) (chunks - 1) * MIB);
            assertArrayEquals(chunk, last.array());
        }
    }

    @Test
    void aSmallFileIsOnlyFlushedAtTheEnd() throws Exception {
        Path file = Files.createFile(dir.resolve("small.part"));
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE);
                FlushingChannel out = new FlushingChannel(ch)) {
            out.write(ByteBuffer.wrap("hello\n".getBytes()));
            out.forceAll();
            assertEquals(0, out.flushesStarted());
        }
        assertEquals("hello\n", Files.readString(file));
    }
}
