package io.brine.minion;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.UnaryOperator;

/**
 * One thread serving every local line socket of a {@link MinionRuntime} (its minions' event sockets): it
 * accepts, reads one line per connection, answers it with one line and closes.
 *
 * <p>Non-blocking, so a client that connects and never writes holds up nobody (it is dropped after
 * {@link #CLIENT_TIMEOUT_MILLIS}); shared by the minions of a runtime, so a process hosting many minions (a
 * benchmark swarm) pays one thread for all their sockets instead of one each.
 */
final class LocalSocketLoop implements AutoCloseable {
    static final int MAX_LINE = 64 * 1024;
    static final long CLIENT_TIMEOUT_MILLIS = 5_000;
    private static final Logger LOG = System.getLogger(LocalSocketLoop.class.getName());

    private final Selector selector;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * A handler that answers later, on a thread of its own ({@code brine call} runs a function for as long as it
     * takes): it gets the line and the connection, by then blocking and off this loop, and must close it. It must
     * return at once (hand the work to a thread), as this loop serves every local socket of the runtime.
     */
    interface Deferred {
        void take(String line, SocketChannel channel);
    }

    /**
     * A connection being read; {@code line} grows until a newline, end of stream or the limit. {@code handler} is
     * a {@code UnaryOperator<String>} (answered on this thread) or a {@link Deferred}.
     */
    private record Client(SocketChannel channel, Object handler, ByteArrayOutputStream line, long since) {
    }

    LocalSocketLoop(String threadName) {
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        thread = new Thread(this::run, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /** Serves {@code server}: each line a client sends is answered with {@code handler}'s reply. */
    void serve(ServerSocketChannel server, UnaryOperator<String> handler) throws IOException {
        register(server, handler);
    }

    /** Serves {@code server}: each line a client sends goes with its connection to {@code handler}. */
    void serveDeferred(ServerSocketChannel server, Deferred handler) throws IOException {
        register(server, handler);
    }

    private void register(ServerSocketChannel server, Object handler) throws IOException {
        server.configureBlocking(false);
        execute(() -> {
            try {
                server.register(selector, SelectionKey.OP_ACCEPT, handler);
            } catch (ClosedChannelException e) {
                // closed before the loop got to it
            }
        });
    }

    /** Stops serving {@code server} (close it too). */
    void stop(ServerSocketChannel server) {
        execute(() -> {
            SelectionKey key = server.keyFor(selector);
            if (key != null) {
                key.cancel();
            }
        });
    }

    /** Ends the thread, closing the connections still open. */
    @Override
    public void close() {
        running = false;
        selector.wakeup();
        if (Thread.currentThread() != thread) {
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void execute(Runnable task) {
        tasks.add(task);
        selector.wakeup();
    }

    private void run() {
        try {
            while (running) {
                selector.select(1000);
                for (SelectionKey key : selector.selectedKeys()) {
                    ready(key);
                }
                selector.selectedKeys().clear();
                Runnable task;
                while ((task = tasks.poll()) != null) {
                    task.run();
                }
                dropSlowClients();
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.ERROR, "local socket loop failed", e);
        } finally {
            for (SelectionKey key : selector.keys()) {
                if (key.attachment() instanceof Client c) {
                    closeQuietly(c.channel());
                }
            }
            closeQuietly(selector);
        }
    }

    @SuppressWarnings("unchecked")
    private void ready(SelectionKey key) {
        try {
            if (key.isValid() && key.isAcceptable()) {
                SocketChannel channel = ((ServerSocketChannel) key.channel()).accept();
                if (channel != null) {
                    channel.configureBlocking(false);
                    channel.register(selector, SelectionKey.OP_READ, new Client(channel, key.attachment(),
                            new ByteArrayOutputStream(), System.currentTimeMillis()));
                }
            } else if (key.isValid() && key.isReadable()) {
                read((Client) key.attachment(), key);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "local socket: " + e.getMessage());
            if (key.attachment() instanceof Client c) {
                closeQuietly(c.channel());
            }
        }
    }

    private void read(Client client, SelectionKey key) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(4096);
        int n;
        while ((n = client.channel().read(buf)) > 0) {
            buf.flip();
            while (buf.hasRemaining()) {
                byte b = buf.get();
                if (b == '\n') {
                    answer(client, key);
                    return;
                }
                client.line().write(b);
            }
            buf.clear();
            if (client.line().size() > MAX_LINE) {
                reply(client, key, "error: a line longer than " + MAX_LINE + " bytes");
                return;
            }
        }
        if (n < 0) {
            answer(client, key);
        }
    }

    @SuppressWarnings("unchecked")
    private void answer(Client client, SelectionKey key) {
        String line = client.line().toString(StandardCharsets.UTF_8);
        if (client.handler() instanceof Deferred deferred) {
            key.cancel();
            // after the loop's pass over the selected keys: the cancelled key leaves the selector at the next
            // select, and only then may the channel block
            execute(() -> handOff(client.channel(), line, deferred));
            return;
        }
        String reply;
        try {
            reply = ((UnaryOperator<String>) client.handler()).apply(line);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "local socket handler failed", e);
            reply = "error: " + e.getMessage();
        }
        reply(client, key, reply);
    }

    private void handOff(SocketChannel channel, String line, Deferred deferred) {
        try {
            selector.selectNow();
            channel.configureBlocking(true);
            deferred.take(line, channel);
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "local socket: " + e.getMessage());
            closeQuietly(channel);
        }
    }

    /** Replies are a few bytes, well within a fresh socket's send buffer: one write, then close. */
    private static void reply(Client client, SelectionKey key, String text) {
        key.cancel();
        try {
            client.channel().write(ByteBuffer.wrap((text + "\n").getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "local socket client left before its reply: " + e.getMessage());
        }
        closeQuietly(client.channel());
    }

    private void dropSlowClients() {
        long cutoff = System.currentTimeMillis() - CLIENT_TIMEOUT_MILLIS;
        for (SelectionKey key : new ArrayList<>(selector.keys())) {
            if (key.attachment() instanceof Client c && c.since() < cutoff) {
                reply(c, key, "error: no complete line within " + CLIENT_TIMEOUT_MILLIS / 1000 + " s");
            }
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // nothing to do
        }
    }
}
