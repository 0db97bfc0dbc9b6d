package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Message;
import io.brine.protocol.PillarReply;
import io.brine.protocol.PillarRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pillar the minion asks for by itself at each session comes without a thread waiting for it. */
class RemoteMasterPillarTest {
    @TempDir
    Path dir;
    private final List<Message> sent = new CopyOnWriteArrayList<>();

    @Test
    void thePillarArrivesWhenTheMasterAnswersAndACompileErrorIsAFailure() throws Exception {
        RemoteMaster master = new RemoteMaster(sent::add, b -> { }, dir);
        var asked = master.pillarLater().toCompletableFuture();
        assertTrue(!asked.isDone(), "nothing waits on a thread meanwhile");
        long id = ((PillarRequest) sent.get(0)).requestId();
        master.onReply(new PillarReply(id, Map.of("schedule", Map.of()), null));
        assertEquals(Map.of("schedule", Map.of()), asked.get(5, TimeUnit.SECONDS));

        var failed = master.pillarLater().toCompletableFuture();
        master.onReply(new PillarReply(((PillarRequest) sent.get(1)).requestId(), Map.of(), "bad.sls: line 3"));
        ExecutionException e = assertThrows(ExecutionException.class, () -> failed.get(5, TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof IOException && e.getCause().getMessage().contains("bad.sls"),
                e.getCause().toString());
    }
}
