package io.brine.functions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Drains one output stream of a child process on its own thread, keeping at most {@code cap} bytes. Each
 * stream gets a thread because a child that fills the pipe we are not reading would block forever.
 */
final class StreamCapture {
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final int cap;
    private final Thread thread;
    private volatile boolean truncated;

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
                // Past the cap we keep reading and discard, so the child is never blocked on a full pipe.
                int room = cap - kept.size();
                kept.write(buffer, 0, Math.max(0, Math.min(room, n)));
                truncated |= n > room;
            }
        } catch (IOException e) {
            // The pipe broke because the process was killed; what we kept is all there is.
        }
    }

    /** Waits up to {@code millis} for the stream to end; true if it has. */
    boolean awaitEnd(long millis) throws InterruptedException {
        thread.join(Math.max(1, millis));
        return !thread.isAlive();
    }

    boolean truncated() {
        return truncated;
    }

    /** What was read so far, as text with one trailing newline removed, as Salt does. */
    String text() {
        String s = kept.toString(StandardCharsets.UTF_8);
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }
}
