package io.brine.modules.cp;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A file being received, flushed to disk behind the writer. A received file must be on disk before it is
 * renamed into place, and flushing a whole large file only then costs as long as writing it again (a GiB is
 * about a second here, all of it after the last byte arrived). So every {@value #FLUSH_EVERY_MIB} MiB a
 * background thread flushes what has been written so far, while the download goes on, and {@link #forceAll}
 * at the end only has the tail left. One flush runs at a time; a writer that outpaces the disk skips flushes
 * rather than waiting for them.
 */
final class FlushingChannel implements WritableByteChannel {
    static final int FLUSH_EVERY_MIB = 32;
    private static final long FLUSH_EVERY = FLUSH_EVERY_MIB * 1024L * 1024;

    private final FileChannel file;
    private CompletableFuture<Void> flushing = CompletableFuture.completedFuture(null);
    private long unflushed;
    private int flushesStarted;

    FlushingChannel(FileChannel file) {
        this.file = file;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        int n = file.write(src);
        unflushed += n;
        if (unflushed >= FLUSH_EVERY && flushing.isDone()) {
            unflushed = 0;
            flushesStarted++;
            flushing = CompletableFuture.runAsync(this::flushData, FlushingChannel::onOwnThread);
        }
        return n;
    }

    /** Waits for a background flush, then flushes the rest, data and metadata: what a rename may rely on. */
    void forceAll() throws IOException {
        try {
            flushing.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while flushing to disk");
        } catch (ExecutionException e) {
            // the final force below reports the same failure, if it persists
        }
        file.force(true);
    }

    /** Background flushes started so far (the final one not counted). */
    int flushesStarted() {
        return flushesStarted;
    }

    private void flushData() {
        try {
            file.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A short-lived thread: flushes are rare (one per 32 MiB) and must not queue behind the job pool's work. */
    private static void onOwnThread(Runnable flush) {
        Thread t = new Thread(flush, "brine-flush");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public boolean isOpen() {
        return file.isOpen();
    }

    /** Waits for a background flush still running, so the file is not closed under it; the file stays open. */
    @Override
    public void close() throws IOException {
        flushing.exceptionally(e -> null).join();
    }
}
