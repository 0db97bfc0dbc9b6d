package io.brine.api;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 connection on a plain socket, from a chosen loopback source address: requests written whole or in
 * part, answers read by their Content-Length, and whether the server closed it. What a test needs to see which
 * connection the server keeps, which it closes, and when; blocking, with a read timeout, so nothing hangs.
 */
final class RawHttp implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;

    private RawHttp(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
    }

    static RawHttp connect(int port, String source) throws IOException {
        Socket s = new Socket();
        s.setSoTimeout(5000);
        s.bind(new InetSocketAddress(InetAddress.getByName(source), 0));
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        return new RawHttp(s);
    }

    static RawHttp connect(int port) throws IOException {
        return connect(port, "127.0.0.1");
    }

    /** The request line and headers of a GET of {@code path}, with a bearer token unless it is null. */
    static String get(String path, String token) {
        return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (token == null ? "" : "Authorization: Bearer "
                + token + "\r\n") + "\r\n";
    }

    RawHttp send(String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return this;
    }

    /** The status of the next answer, whose body is read and dropped; -1 if the server closed the connection. */
    int status() throws IOException {
        String head = head();
        if (head == null) {
            return -1;
        }
        skipBody(head);
        return Integer.parseInt(head.substring(9, 12));
    }

    private void skipBody(String head) throws IOException {
        int length = 0;
        for (String line : head.split("\r\n")) {
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        if (in.readNBytes(length).length < length) {
            throw new IOException("answer cut short");
        }
    }

    /** Sends a GET of {@code path} and returns its status. */
    int exchange(String path, String token) throws IOException {
        return send(get(path, token)).status();
    }

    /** Waits (within the read timeout) for the server to close the connection; false if it answered instead. */
    boolean closedByServer() throws IOException {
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true; // closed with unread input: the server's kernel answers with a reset
        }
    }

    private String head() throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b;
            try {
                b = in.read();
            } catch (IOException reset) {
                b = -1;
            }
            if (b == -1 && head.size() == 0) {
                return null;
            }
            if (b == -1) {
                throw new IOException("answer cut short: " + head.toString(StandardCharsets.US_ASCII));
            }
            head.write(b);
            matched = (b == '\r' || b == '\n') && b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
