package io.brine.minion;

import io.brine.functions.MasterLink;
import io.brine.protocol.FileListReply;
import io.brine.protocol.FileListRequest;
import io.brine.protocol.FilePush;
import io.brine.protocol.FilePushAck;
import io.brine.protocol.FileReply;
import io.brine.protocol.FileRequest;
import io.brine.protocol.MasterReply;
import io.brine.protocol.Message;
import io.brine.protocol.MinionRequest;
import io.brine.protocol.MineAck;
import io.brine.protocol.MineReply;
import io.brine.protocol.MineRequest;
import io.brine.protocol.MineUpdate;
import io.brine.protocol.PillarReply;
import io.brine.protocol.PillarRequest;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
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
 * on the master crosses the wire. Downloads and pushes keep a few chunks in flight, each answered or
 * acknowledged, to hide the round trip while neither side ever holds more than a few chunks.
 */
final class RemoteMaster implements MasterLink {
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);
    /**
     * Bytes per chunk, both ways. A quarter MiB stays far inside the master's default frame limit (8 MiB;
     * a {@code max_frame_size} below about 260 KiB makes pushes fail) and below G1's humongous objects, and
     * gives the JIT enough calls to compile the cipher early in a transfer.
     */
    static final int CHUNK = 256 * 1024;
    /**
     * Chunks in flight: 4 MiB, enough to hide a WAN round trip of a few tens of milliseconds. The master holds
     * up to 16 pushed chunks that overtake each other, so this must stay at most 17.
     */
    static final int WINDOW = 16;

    /**
     * Tries in a row that bring no byte further before a download gives up: with the back-off doubling from 1 s
     * (to 16 s), a master that answers nothing for about four minutes.
     */
    static final int STALLS = 6;

    private final Consumer<Message> send;
    private final Duration backoff;
    /** Takes a file chunk's data back once written, so the transport can receive the next chunk into it. */
    private final Consumer<ByteBuffer> recycle;
    private final FileCache cache;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<MasterReply>> pending = new ConcurrentHashMap<>();

    RemoteMaster(Consumer<Message> send, Consumer<ByteBuffer> recycle, Path cacheDir) {
        this(send, recycle, cacheDir, Duration.ofSeconds(1));
    }

    /** @param backoff the pause before a held-up download asks again, doubled on each try without progress */
    RemoteMaster(Consumer<Message> send, Consumer<ByteBuffer> recycle, Path cacheDir, Duration backoff) {
        this.backoff = backoff;
        this.send = send;
        this.recycle = recycle;
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

    /**
     * The pillar, as {@link #pillar()}, without a thread waiting for it: for what the minion fetches by itself at
     * every session, where many minions share a runtime's threads. Completes with an {@link IOException} if the
     * master could not compile it or did not answer in time.
     */
    java.util.concurrent.CompletionStage<Map<String, Object>> pillarLater() {
        long id = ids.incrementAndGet();
        return send(new PillarRequest(id)).orTimeout(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((reply, failure) -> pending.remove(id))
                .handle((reply, failure) -> {
                    if (failure != null) {
                        throw new java.util.concurrent.CompletionException(new IOException("the master did not "
                                + "answer within " + ANSWER_TIMEOUT.toSeconds() + " s"));
                    }
                    PillarReply pillar = (PillarReply) reply;
                    if (pillar.error() != null) {
                        throw new java.util.concurrent.CompletionException(new IOException("the master could not "
                                + "compile this minion's pillar: " + pillar.error()));
                    }
                    return pillar.pillar();
                });
    }

    @Override
    public void mineUpdate(Map<String, Object> set, List<String> delete, boolean flush) throws IOException {
        MineAck ack = (MineAck) ask(new MineUpdate(ids.incrementAndGet(), set, delete, flush));
        if (ack.error() != null) {
            throw new IOException("the master did not store the mine update: " + ack.error());
        }
    }

    @Override
    public Map<String, Object> mineGet(String target, String targetType, String function) throws IOException {
        MineReply reply = (MineReply) ask(new MineRequest(ids.incrementAndGet(), target, targetType, function));
        if (reply.error() != null) {
            throw new IOException(reply.error());
        }
        return reply.values();
    }

    @Override
    public Optional<Path> file(String path) throws IOException {
        return cache.fetch(path, (offset, known) -> {
            MasterReply r = ask(new FileRequest(ids.incrementAndGet(), path, offset, FileRequest.MAX_CHUNK, known));
            return (FileReply) r;
        });
    }

    @Override
    public Optional<List<String>> list(String dir) throws IOException {
        FileListReply reply = (FileListReply) ask(new FileListRequest(ids.incrementAndGet(), dir));
        return switch (reply.status()) {
            case FOUND -> Optional.of(reply.entries());
            case NOT_FOUND -> Optional.empty();
            case REFUSED -> throw new AccessDeniedException(dir, null, "the master refused to list it");
            case TOO_LARGE -> throw new IOException("brine://" + dir + " holds more entries than the master lists "
                    + "in one answer");
        };
    }

    @Override
    public Transfer download(String path, WritableByteChannel out) throws IOException {
        FileReply first = firstChunk(path);
        if (first.status() == FileReply.Status.NOT_FOUND) {
            throw new NoSuchFileException(path, null, "the master has no such file (any more)");
        }
        if (first.status() != FileReply.Status.DATA) {
            throw new AccessDeniedException(path, null, "the master refused it to this minion");
        }
        Received received = new Received(out, first);
        long size = first.size();
        // The master may serve less than asked (its frame limit): that first length is the chunk size.
        int chunk = Math.max(1, first.length());
        long next = received.write(0, first);
        recycle.accept(first.data());
        int stalls = 0;
        while (next < size) {
            long before = next;
            try {
                next = window(path, received, next, size, chunk);
            } catch (Busy e) {
                stalls = e.next > before ? 1 : stalls + 1;
                if (stalls > STALLS) {
                    throw new IOException(e.getMessage() + "; gave up at offset " + next + " of " + size + " after "
                            + STALLS + " tries without progress");
                }
                pause(backoff.multipliedBy(1L << Math.min(stalls - 1, 4)));
                next = e.next;
            }
        }
        return received.verified(path);
    }

    /** The first chunk, asked again (with the back-off) while the master does not answer in time. */
    private FileReply firstChunk(String path) throws IOException {
        for (int tries = 1;; tries++) {
            try {
                return (FileReply) ask(new FileRequest(ids.incrementAndGet(), path, 0, CHUNK, null));
            } catch (InterruptedIOException e) {
                throw e;
            } catch (IOException e) {
                if (tries >= STALLS) {
                    throw e;
                }
                pause(backoff.multipliedBy(1L << Math.min(tries - 1, 4)));
            }
        }
    }

    /**
     * Chunks from {@code next} on, {@value #WINDOW} in flight, until the file ends; returns where it ended.
     *
     * @throws Busy the master did not answer in time or refused a chunk for now (its request window was full):
     *     a fleet fetching one large file at once, where the download goes on later from where it got to
     */
    private long window(String path, Received received, long next, long size, int chunk) throws IOException, Busy {
        Deque<Long> window = new ArrayDeque<>();
        Map<Long, CompletableFuture<MasterReply>> answers = new HashMap<>();
        long requested = next;
        try {
            while (next < size) {
                while (window.size() < WINDOW && requested < size) {
                    FileRequest r = new FileRequest(ids.incrementAndGet(), path, requested, chunk, null);
                    window.add(r.requestId());
                    answers.put(r.requestId(), send(r));
                    requested += chunk;
                }
                long id = window.remove();
                FileReply reply;
                try {
                    reply = (FileReply) await(id, answers.remove(id));
                } catch (InterruptedIOException e) {
                    throw e;
                } catch (IOException e) {
                    throw new Busy(e.getMessage(), next);
                }
                if (reply.status() == FileReply.Status.REFUSED) {
                    throw new Busy("the master refused a chunk for now (too much in flight)", next);
                }
                next = received.write(next, reply);
                recycle.accept(reply.data()); // written and hashed: nothing refers to it now
            }
            return next;
        } finally {
            window.forEach(pending::remove);
        }
    }

    /** A download held up at {@link #next}, to go on from there. */
    private static final class Busy extends Exception {
        private static final long serialVersionUID = 1L;
        final transient long next;

        Busy(String why, long next) {
            super(why, null, false, false);
            this.next = next;
        }
    }

    private static void pause(Duration d) throws InterruptedIOException {
        try {
            Thread.sleep(d.toMillis()); // a retry's back-off, not a synchronisation
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting to ask the master again");
        }
    }

    /**
     * A download as it arrives: written, hashed, and checked to be one version of one file. The master puts the
     * file's SHA-256 in every chunk once it knows it, and always in the chunk that ends the file (a file staged
     * for a copy is hashed while it is served); every hash it announces must be the same one.
     */
    private static final class Received {
        private final WritableByteChannel out;
        private final MessageDigest md = sha256();
        private final long size;
        private String announced;

        Received(WritableByteChannel out, FileReply first) {
            this.out = out;
            this.size = first.size();
        }

        /** Writes one chunk, checking it continues the same version of the file; returns the next offset. */
        long write(long offset, FileReply r) throws IOException {
            if (r.status() != FileReply.Status.DATA || r.size() != size || r.offset() != offset
                    || (r.length() == 0 && offset < size)
                    || (r.sha256() != null && announced != null && !announced.equals(r.sha256()))) {
                throw new IOException("the file changed or vanished on the master during the transfer (at offset "
                        + offset + ")");
            }
            announced = r.sha256() != null ? r.sha256() : announced;
            md.update(r.data());
            ByteBuffer data = r.data();
            while (data.hasRemaining()) {
                out.write(data);
            }
            return offset + r.length();
        }

        /** The whole file's size and hash, if the hash is the one the master announced. */
        Transfer verified(String path) throws IOException {
            String sha = HexFormat.of().formatHex(md.digest());
            if (announced == null) {
                throw new IOException("the master sent " + path + " without its SHA-256");
            }
            if (!sha.equalsIgnoreCase(announced)) {
                throw new IOException(path + " arrived with SHA-256 " + sha + ", the master announced " + announced);
            }
            return new Transfer(size, sha);
        }
    }

    @Override
    public Transfer push(FileChannel in, String name, int mode) throws IOException {
        String transfer = UUID.randomUUID().toString();
        MessageDigest md = sha256();
        ByteBuffer buf = ByteBuffer.allocate(CHUNK);
        Deque<Long> window = new ArrayDeque<>();
        Map<Long, CompletableFuture<MasterReply>> acks = new HashMap<>();
        long offset = 0;
        String sha = null;
        boolean opened = false;
        try {
            while (sha == null || !window.isEmpty()) {
                // The first chunk goes alone: it opens the transfer on the master, which the others need.
                while (sha == null && window.size() < (opened ? WINDOW : 1)) {
                    boolean last = fill(in, buf);
                    byte[] data = Arrays.copyOf(buf.array(), buf.position());
                    md.update(data);
                    sha = last ? HexFormat.of().formatHex(md.digest()) : null;
                    FilePush chunk = new FilePush(ids.incrementAndGet(), transfer, name, offset, data, last, sha, mode);
                    window.add(chunk.requestId());
                    acks.put(chunk.requestId(), send(chunk));
                    offset += data.length;
                }
                long id = window.remove();
                FilePushAck ack = (FilePushAck) await(id, acks.remove(id));
                if (ack.error() != null) {
                    throw new IOException("the master refused the push of " + name + ": " + ack.error());
                }
                opened = true;
            }
        } finally {
            window.forEach(pending::remove);
        }
        return new Transfer(offset, sha);
    }

    /** Reads until the buffer is full or the file ends; true if it ended. */
    private static boolean fill(FileChannel in, ByteBuffer buf) throws IOException {
        buf.clear();
        while (buf.hasRemaining()) {
            if (in.read(buf) < 0) {
                return true;
            }
        }
        return false;
    }

    private MasterReply ask(MinionRequest request) throws IOException {
        return await(request.requestId(), send(request));
    }

    private CompletableFuture<MasterReply> send(MinionRequest request) {
        CompletableFuture<MasterReply> answer = new CompletableFuture<>();
        pending.put(request.requestId(), answer);
        send.accept(request);
        return answer;
    }

    private MasterReply await(long requestId, CompletableFuture<MasterReply> answer) throws IOException {
        try {
            return answer.get(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the master");
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("the master did not answer within " + ANSWER_TIMEOUT.toSeconds() + " s");
        } finally {
            pending.remove(requestId);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
