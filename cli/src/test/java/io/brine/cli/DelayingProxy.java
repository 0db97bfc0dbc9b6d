package io.brine.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A TCP proxy of the tests' own that holds every chunk for a fixed delay in each direction: a slow link, since
 * this kernel has no netem. Order is kept; nothing is dropped. Threads are daemons and end with {@link #close}.
 */
final class DelayingProxy implements AutoCloseable {
    private record Chunk(long dueNanos, byte[] bytes) {
    }

    private final ServerSocket listener;
    private final InetAddress upstream;
    private final int upstreamPort;
    private final long delayNanos;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    DelayingProxy(int upstreamPort, long delayMillis) throws IOException {
        this(InetAddress.getLoopbackAddress(), InetAddress.getLoopbackAddress(), upstreamPort, delayMillis);
    }

    /** Listens on {@code bind} (the host's end of a veth pair, say) and forwards to {@code upstream}. */
    DelayingProxy(InetAddress bind, InetAddress upstream, int upstreamPort, long delayMillis) throws IOException {
        this.listener = new ServerSocket(0, 50, bind);
        this.upstream = upstream;
        this.upstreamPort = upstreamPort;
        this.delayNanos = delayMillis * 1_000_000L;
        daemon(this::accept, "proxy-accept");
    }

    int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket down = listener.accept();
                Socket up = new Socket(upstream, upstreamPort);
                sockets.add(down);
                sockets.add(up);
                pipe(down, up);
                pipe(up, down);
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Reads {@code from} as bytes come, and writes each chunk to {@code to} once its delay has passed. */
    private void pipe(Socket from, Socket to) {
        BlockingQueue<Chunk> held = new LinkedBlockingQueue<>();
        daemon(() -> {
            byte[] buf = new byte[64 * 1024];
            try (InputStream in = from.getInputStream()) {
                for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                    held.add(new Chunk(System.nanoTime() + delayNanos, java.util.Arrays.copyOf(buf, n)));
                }
            } catch (IOException e) {
                // the connection ended
            }
            held.add(new Chunk(0, null));
        }, "proxy-read");
        daemon(() -> {
            try (OutputStream out = to.getOutputStream()) {
                while (true) {
                    Chunk c = held.take();
                    if (c.bytes() == null) {
                        to.shutdownOutput();
                        return;
                    }
                    long wait = c.dueNanos() - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L)); // the link's delay itself
                    }
                    out.write(c.bytes());
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // the connection ended
            }
        }, "proxy-write");
    }

    private static void daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
