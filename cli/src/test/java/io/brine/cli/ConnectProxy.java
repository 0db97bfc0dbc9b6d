package io.brine.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small HTTP CONNECT proxy for tests, on loopback: it reads a {@code CONNECT host:port} request, opens the
 * tunnel, answers 200 and copies bytes both ways. It records where each tunnel went; anything but CONNECT is
 * answered 405. Bounded: at most {@value #MAX_TUNNELS} tunnels, each on two threads.
 */
final class ConnectProxy implements AutoCloseable {
    private static final int MAX_TUNNELS = 64;

    private final ServerSocket listener;
    private final AtomicInteger tunnels = new AtomicInteger();
    private final List<String> targets = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    private ConnectProxy(ServerSocket listener) {
        this.listener = listener;
    }

    static ConnectProxy start() throws IOException {
        ConnectProxy proxy = new ConnectProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        Thread accept = new Thread(proxy::acceptLoop, "connect-proxy");
        accept.setDaemon(true);
        accept.start();
        return proxy;
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Tunnels opened so far. */
    int tunnels() {
        return tunnels.get();
    }

    /** Where the tunnels went, each target once. */
    List<String> targets() {
        return targets.stream().distinct().toList();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                open.add(client);
                if (tunnels.get() >= MAX_TUNNELS) {
                    client.close();
                    continue;
                }
                Thread t = new Thread(() -> tunnel(client), "connect-proxy-tunnel");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void tunnel(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            String head = head(in);
            String[] line = head.split("\r\n", 2)[0].split(" ");
            OutputStream toClient = client.getOutputStream();
            if (line.length != 3 || !line[0].equals("CONNECT")) {
                toClient.write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                return;
            }
            String target = line[1];
            int colon = target.lastIndexOf(':');
            try (Socket upstream = new Socket(target.substring(0, colon), Integer.parseInt(target.substring(colon + 1)))) {
                open.add(upstream);
                tunnels.incrementAndGet();
                targets.add(target);
                toClient.write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                toClient.flush();
                Thread up = new Thread(() -> copy(in, upstream), "connect-proxy-up");
                up.setDaemon(true);
                up.start();
                copy(upstream.getInputStream(), client);
                up.join(1000);
            }
        } catch (IOException | RuntimeException e) {
            // the tunnel ends with either side
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The request line and headers, up to the blank line (at most 8 KiB). */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int matched = 0;
        while (out.size() < 8192) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            out.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
                break;
            }
        }
        return out.toString(StandardCharsets.US_ASCII);
    }

    private static void copy(InputStream from, Socket to) {
        try {
            from.transferTo(to.getOutputStream());
        } catch (IOException e) {
            // either side closed
        } finally {
            try {
                to.shutdownOutput();
            } catch (IOException e) {
                // already closed
            }
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : open) {
            s.close();
        }
    }
}
