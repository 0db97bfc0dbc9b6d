package io.brine.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** A TCP relay on loopback that records every byte in both directions, to check what is visible on the wire. */
final class WireTap implements AutoCloseable {
    private final ServerSocket server;
    private final int target;
    private final ByteArrayOutputStream seen = new ByteArrayOutputStream();

    WireTap(int targetPort) throws IOException {
        this.target = targetPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "wiretap");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return server.getLocalPort();
    }

    synchronized byte[] captured() {
        return seen.toByteArray();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                pump(client.getInputStream(), upstream.getOutputStream());
                pump(upstream.getInputStream(), client.getOutputStream());
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(InputStream in, OutputStream out) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[8192];
            try {
                int n;
                while ((n = in.read(buf)) > 0) {
                    synchronized (this) {
                        seen.write(buf, 0, n);
                    }
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // connection closed
            }
        }, "wiretap-pump");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
