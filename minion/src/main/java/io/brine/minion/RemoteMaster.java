package io.brine.minion;

import io.brine.minion.function.MasterLink;
import io.brine.protocol.FileReply;
import io.brine.protocol.FileRequest;
import io.brine.protocol.MasterReply;
import io.brine.protocol.Message;
import io.brine.protocol.MinionRequest;
import io.brine.protocol.PillarReply;
import io.brine.protocol.PillarRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The minion's side of asking its master for things: sends a request on the session and blocks the asking
 * job until the reply with the same id arrives. Files go through a {@link FileCache}, so only what changed
 * on the master crosses the wire.
 */
final class RemoteMaster implements MasterLink {
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);

    private final Consumer<Message> send;
    private final FileCache cache;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<MasterReply>> pending = new ConcurrentHashMap<>();

    RemoteMaster(Consumer<Message> send, Path cacheDir) {
        this.send = send;
        this.cache = new FileCache(cacheDir.resolve("files"));
    }

    void onReply(MasterReply reply) {
        CompletableFuture<MasterReply> waiting = pending.remove(reply.requestId());
        if (waiting != null) {
            waiting.complete(reply);
        }
    }

    @Override
    public Map<String, Object> pillar() throws IOException {
        PillarReply reply = (PillarReply) ask(new PillarRequest(ids.incrementAndGet()));
        if (reply.error() != null) {
            throw new IOException("the master could not compile this minion's pillar: " + reply.error());
        }
        return reply.pillar();
    }

    @Override
    public Optional<Path> file(String path) throws IOException {
        return cache.fetch(path, (offset, known) -> {
            MasterReply r = ask(new FileRequest(ids.incrementAndGet(), path, offset, FileRequest.MAX_CHUNK, known));
            return (FileReply) r;
        });
    }

    private MasterReply ask(MinionRequest request) throws IOException {
        CompletableFuture<MasterReply> answer = new CompletableFuture<>();
        pending.put(request.requestId(), answer);
        send.accept(request);
        try {
            return answer.get(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the master");
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("the master did not answer within " + ANSWER_TIMEOUT.toSeconds() + " s");
        } finally {
            pending.remove(request.requestId());
        }
    }
}
