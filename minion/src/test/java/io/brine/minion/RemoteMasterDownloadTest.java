package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.MasterLink;
import io.brine.protocol.FileReply;
import io.brine.protocol.FileRequest;
import io.brine.protocol.Message;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A download through a master that is busy: a chunk refused for now (its request window full, as when a whole fleet
 * fetches one release) holds the download up; it goes on from where it got to, and gives up only after
 * {@value RemoteMaster#STALLS} tries in a row bring nothing.
 */
class RemoteMasterDownloadTest {
    private static final byte[] FILE = new byte[5 * RemoteMaster.CHUNK + 100];
    private static final String SHA;

    static {
        new Random(29).nextBytes(FILE);
        try {
            SHA = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(FILE));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @TempDir
    Path dir;

    @Test
    void aChunkRefusedForNowIsAskedForAgainAndTheFileArrivesWhole() throws Exception {
        AtomicInteger refusals = new AtomicInteger();
        // the third chunk is refused twice, then served
        RemoteMaster master = master(offset -> offset == 2 * RemoteMaster.CHUNK && refusals.getAndIncrement() < 2);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        MasterLink.Transfer t = master.download("release.jar", Channels.newChannel(got));
        assertArrayEquals(FILE, got.toByteArray());
        assertEquals(SHA, t.sha256());
        assertEquals(3, refusals.get(), "refused twice, served the third time");
    }

    @Test
    void aMasterThatRefusesEveryTryIsGivenUpOn() throws Exception {
        RemoteMaster master = master(offset -> offset >= 3 * RemoteMaster.CHUNK);
        IOException e = assertThrows(IOException.class, () -> master.download("release.jar",
                Channels.newChannel(new ByteArrayOutputStream())));
        assertTrue(e.getMessage().contains("gave up at offset " + 3 * RemoteMaster.CHUNK), e.getMessage());
    }

    /** A master answering at once from {@link #FILE}, refusing the chunks at the offsets {@code refuse} says. */
    private RemoteMaster master(IntPredicate refuse) {
        AtomicReference<RemoteMaster> self = new AtomicReference<>();
        java.util.function.Consumer<Message> send = m -> {
            FileRequest r = (FileRequest) m;
            int offset = (int) r.offset();
            FileReply reply = refuse.test(offset) ? FileReply.without(r.requestId(), FileReply.Status.REFUSED)
                    : new FileReply(r.requestId(), FileReply.Status.DATA, SHA, FILE.length, offset,
                            Arrays.copyOfRange(FILE, offset, Math.min(FILE.length, offset + r.maxLength())));
            self.get().onReply(reply);
        };
        self.set(new RemoteMaster(send, b -> { }, dir, Duration.ofMillis(1)));
        return self.get();
    }
}
