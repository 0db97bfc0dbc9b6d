package io.brine.functions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Drains one output stream of a child process on its own thread, keeping at most {@code cap} bytes and counting
 * all of them. Each stream gets a thread because a child that fills the pipe we are not reading would block
 * forever. Past the cap the rest is read and discarded, so nothing the child writes costs more than the cap in
 * memory and nothing at all on disk.
 */
final class StreamCapture {
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final int cap;
    private final Thread thread;
    private long total;
    private boolean detached;

    private StreamCapture(InputStream in, int cap, String threadName) {
        this.cap = cap;
        this.thread = new Thread(() -> drain(in), threadName);
        thread.setDaemon(true);
    }

    static StreamCapture start(InputStream in, int cap, String threadName) {
        StreamCapture capture = new StreamCapture(in, cap, threadName);
        capture.thread.start();
        return capture;
    }

    private void drain(InputStream in) {
        byte[] buffer = new byte[8192];
        try (in) {
            for (int n = in.read(buffer); n != -1; n = in.read(buffer)) {
                keep(buffer, n);
            }
        } catch (IOException e) {
            // The pipe broke because the process was killed; what we kept is all there is.
        }
    }

    private synchronized void keep(byte[] buffer, int n) {
        total += n;
        if (!detached) {
            kept.write(buffer, 0, (int) Math.max(0, Math.min(cap - kept.size(), n)));
        }
    }

    /** Waits up to {@code millis} for the stream to end; true if it has. */
    boolean awaitEnd(long millis) throws InterruptedException {
        thread.join(Math.max(1, millis));
        return !thread.isAlive();
    }

    synchronized boolean truncated() {
        return total > kept.size();
    }

    /** Every byte read so far, kept or not. */
    synchronized long total() {
        return total;
    }

    /** What was read so far, as text with one trailing newline removed, as Salt does. */
    synchronized String text() {
        String s = kept.toString(StandardCharsets.UTF_8);
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }

    /**
     * Keeps nothing more: a daemon the command started may hold the stream open for as long as it runs, and is
     * drained, discarding, until it closes it, so it never blocks on a full pipe nor dies of a closed one.
     */
    synchronized void detach() {
        detached = true;
        kept.reset();
    }
}
