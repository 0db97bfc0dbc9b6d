package io.brine.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands work to a socket's I/O thread. ZeroMQ sockets are not thread-safe, so every send and every change to
 * session state runs on the thread that owns the socket; other threads enqueue here and wake the poller
 * through a pipe it watches. The flag keeps a burst of sends down to one wake-up write.
 */
final class Outbox implements AutoCloseable {
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private final Pipe pipe;
    private final ByteBuffer one = ByteBuffer.allocate(1);
    private final ByteBuffer drain = ByteBuffer.allocate(256);

    Outbox() {
        try {
            pipe = Pipe.open();
            pipe.source().configureBlocking(false);
            pipe.sink().configureBlocking(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the wake-up pipe", e);
        }
    }

    Pipe.SourceChannel wakeupChannel() {
        return pipe.source();
    }

    void submit(Runnable task) {
        tasks.add(task);
        if (wakeupPending.compareAndSet(false, true)) {
            synchronized (pipe) {
                try {
                    one.clear();
                    one.put((byte) 1).flip();
                    pipe.sink().write(one);
                } catch (IOException e) {
                    // closed while shutting down: the task simply never runs
                }
            }
        }
    }

    /** Runs queued tasks on the calling (I/O) thread. */
    void runPending() {
        wakeupPending.set(false);
        try {
            while (pipe.source().read(drain) > 0) {
                drain.clear();
            }
        } catch (IOException e) {
            // closed: nothing to drain
        }
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
    }

    @Override
    public void close() {
        try {
            pipe.sink().close();
            pipe.source().close();
        } catch (IOException e) {
            // nothing useful to do on close
        }
    }
}
