package io.brine.master;

import io.brine.config.PrivateFiles;
import io.brine.master.internal.PushedFiles;
import io.brine.protocol.FilePush;
import io.brine.protocol.FilePushAck;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Receives the files minions push ({@code cp.push}) into {@link PushedFiles}. A minion keeps a few chunks in
 * flight, each acknowledged once written; chunks that overtake each other on the master's worker threads are
 * held until their turn, at most {@link #MAX_EARLY} of them, so memory stays at a few chunks per transfer.
 * They are written to a temporary file outside the minion's folder, and only when the last chunk's SHA-256
 * matches what was received is the file given its mode, flushed to disk and renamed into place. The minion's
 * id always comes from its session, never from the message.
 *
 * <p>Nothing is accepted unsolicited: a minion may push only while it is running a {@code cp.push} job the
 * master sent it, only the file that job asked for, and at most {@code max_push_bytes} within that job
 * ({@link PushPermits}); beyond, the transfer is refused and its partial file removed. Refusals are counted.
 */
final class PushReceiver {
    private static final Logger LOG = System.getLogger(PushReceiver.class.getName());
    /** How many pushes one minion may have open at once: each holds a file open on the master. */
    static final int MAX_OPEN_PER_MINION = 4;
    /** A transfer with no chunk for this long was abandoned (its minion died or gave up). */
    static final long IDLE_MILLIS = 120_000;
    /** Chunks of one transfer held while an earlier one is still on its way. */
    static final int MAX_EARLY = 16;
    /**
     * The largest chunk taken. Minions send quarter-MiB chunks; a bound far below the frame limit keeps the chunks
     * held early (at most {@link #MAX_EARLY} per transfer, {@link #MAX_OPEN_PER_MINION} transfers) to a few MiB.
     */
    static final int MAX_CHUNK = 1024 * 1024;

    private record Key(String minionId, String transferId) {
    }

    private static final class Upload {
        final Path target;
        final String path;
        /** The cp.push job that asked for this file, whose quota its bytes count against. */
        final String jid;
        final Path temp;
        final FileChannel out;
        final MessageDigest digest;
        final java.util.TreeMap<Long, FilePush> early = new java.util.TreeMap<>();
        boolean ended;
        long next;
        volatile long lastMillis = System.currentTimeMillis();

        Upload(Path target, String path, String jid, Path temp) throws IOException {
            this.target = target;
            this.path = path;
            this.jid = jid;
            this.temp = temp;
            this.out = FileChannel.open(temp, StandardOpenOption.WRITE);
            this.digest = sha256();
        }
    }

    private final io.brine.transport.DropLog refusals = new io.brine.transport.DropLog(LOG);
    private final Path cacheDir;
    private final Map<Key, Upload> uploads = new ConcurrentHashMap<>();
    /** Which job each push belongs to, and what it may still push; its refusals are counted there. */
    final PushPermits permits;

    PushReceiver(Path cacheDir, PushPermits.PushJobs jobs, long maxBytesPerJob) {
        this.cacheDir = cacheDir;
        this.permits = new PushPermits(jobs, maxBytesPerJob);
        removePartials(cacheDir.resolve("minions"));
    }

    /**
     * Takes one chunk and acknowledges it through {@code reply} once written: at once, or later from the thread
     * that writes the chunk it was waiting for. Every chunk gets exactly one acknowledgement.
     */
    void receive(String minionId, FilePush chunk, Consumer<FilePushAck> reply) {
        dropIdle();
        Key key = new Key(minionId, chunk.transferId());
        Upload upload = uploads.get(key);
        List<FilePush> written = new ArrayList<>();
        List<FilePush> failed = new ArrayList<>(List.of(chunk));
        try {
            List<PushPermits.PushJob> running = permits.running(minionId);
            long size = chunk.data().length;
            if (size > MAX_CHUNK) {
                throw new IllegalArgumentException("a push chunk of " + size + " bytes; at most " + MAX_CHUNK
                        + " are taken");
            }
            if (upload == null) {
                upload = open(key, chunk, running);
            }
            permits.charge(minionId, upload.jid, running, size);
            synchronized (upload) {
                if (upload.ended) {
                    throw new IllegalArgumentException("transfer " + chunk.transferId() + " has ended");
                }
                if (chunk.offset() > upload.next && upload.early.size() < MAX_EARLY) {
                    upload.early.put(chunk.offset(), chunk);
                    return;
                }
                for (FilePush c = chunk; c != null; c = c.last() ? null : upload.early.remove(upload.next)) {
                    failed.set(0, c);
                    append(upload, c);
                    if (c.last()) {
                        uploads.remove(key);
                        upload.ended = true;
                        complete(upload, c);
                    }
                    written.add(c);
                }
            }
            written.forEach(c -> reply.accept(new FilePushAck(c.requestId(), null)));
        } catch (IOException | IllegalArgumentException e) {
            written.forEach(c -> reply.accept(new FilePushAck(c.requestId(), null)));
            if (upload != null) {
                failed.addAll(abandon(key, upload));
            }
            // At most one line a second: a minion pushing in a loop must not flood the log.
            refusals.drop("push of " + PushedFiles.shown(chunk.path()) + " from " + minionId + ": " + e.getMessage());
            failed.forEach(c -> reply.accept(new FilePushAck(c.requestId(), e.getMessage())));
        }
    }

    private Upload open(Key key, FilePush chunk, List<PushPermits.PushJob> running) throws IOException {
        if (chunk.offset() != 0) {
            throw new IllegalArgumentException("transfer " + chunk.transferId() + " is unknown (expired?)");
        }
        long open = uploads.keySet().stream().filter(k -> k.minionId().equals(key.minionId())).count();
        if (open >= MAX_OPEN_PER_MINION) {
            throw new IllegalArgumentException("this minion already has " + open + " pushes open");
        }
        Path target = PushedFiles.locate(cacheDir, key.minionId(), chunk.path());
        PushPermits.PushJob job = permits.requester(running, chunk.path());
        Path partial = PrivateFiles.directory(PushedFiles.folder(cacheDir, key.minionId()).resolveSibling(
                "push.partial"));
        Upload upload = new Upload(target, chunk.path(), job.jid(), Files.createTempFile(partial, "push", ".part"));
        if (uploads.putIfAbsent(key, upload) != null) {
            discard(upload);
            throw new IllegalArgumentException("transfer " + chunk.transferId() + " started twice");
        }
        return upload;
    }

    private static void append(Upload upload, FilePush chunk) throws IOException {
        if (!chunk.path().equals(upload.path)) {
            throw new IllegalArgumentException("a chunk of the push of " + upload.path + " names another path");
        }
        if (chunk.offset() != upload.next) {
            throw new IllegalArgumentException("chunk at offset " + chunk.offset() + " where " + upload.next
                    + " was expected");
        }
        ByteBuffer data = ByteBuffer.wrap(chunk.data());
        while (data.hasRemaining()) {
            upload.out.write(data);
        }
        upload.digest.update(chunk.data());
        upload.next += chunk.data().length;
        upload.lastMillis = System.currentTimeMillis();
    }

    private static void complete(Upload upload, FilePush last) throws IOException {
        String received = HexFormat.of().formatHex(upload.digest.digest());
        if (!received.equalsIgnoreCase(String.valueOf(last.sha256()))) {
            throw new IOException("SHA-256 mismatch: the minion sent " + last.sha256() + ", the master received "
                    + received);
        }
        upload.out.force(true);
        upload.out.close();
        setMode(upload.temp, last.mode());
        Files.createDirectories(upload.target.getParent());
        Files.move(upload.temp, upload.target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(upload.target.getParent());
        LOG.log(Level.INFO, "stored " + upload.next + " bytes pushed as " + upload.target);
    }

    /** Permission bits only: a pushed file never becomes set-uid on the master. */
    static void setMode(Path file, int mode) throws IOException {
        Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = PosixFilePermission.values();
        for (int i = 0; i < 9; i++) {
            if ((mode & (1 << (8 - i))) != 0) {
                perms.add(bits[i]);
            }
        }
        try {
            Files.setPosixFilePermissions(file, perms);
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the file keeps the default mode
        }
    }

    static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // some file systems cannot sync a directory; the rename itself is still atomic
        }
    }

    private void dropIdle() {
        long cutoff = System.currentTimeMillis() - IDLE_MILLIS;
        uploads.forEach((key, upload) -> {
            if (upload.lastMillis < cutoff) {
                LOG.log(Level.WARNING, "push of " + upload.path + " from " + key.minionId() + " abandoned");
                // Its minion stopped waiting long ago: the chunks it held need no answer.
                abandon(key, upload);
            }
        });
    }

    /** Ends a transfer for good; returns the chunks it held, which still need an answer. */
    private List<FilePush> abandon(Key key, Upload upload) {
        uploads.remove(key, upload);
        synchronized (upload) {
            upload.ended = true;
            discard(upload);
            List<FilePush> held = new ArrayList<>(upload.early.values());
            upload.early.clear();
            return held;
        }
    }

    private static void discard(Upload upload) {
        try {
            upload.out.close();
            Files.deleteIfExists(upload.temp);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot remove " + upload.temp + ": " + e.getMessage());
        }
    }

    /** Partial files a master left when it stopped mid-push: no transfer can resume them. */
    private static void removePartials(Path minions) {
        if (!Files.isDirectory(minions)) {
            return;
        }
        try (var dirs = Files.list(minions)) {
            for (Path partial : dirs.map(d -> d.resolve("push.partial")).filter(Files::isDirectory).toList()) {
                try (var files = Files.list(partial)) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".part")).toList()) {
                        Files.deleteIfExists(f);
                    }
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot clear partial pushes under " + minions + ": " + e.getMessage());
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
