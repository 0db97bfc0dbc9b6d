package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.Hello;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A hostile client of the master's listener written from the ZMTP spec on a plain socket: it can greet like a
 * JeroMQ DEALER, then send whatever a test wants (frame headers alone, floods, random bytes, a Noise handshake
 * done by hand). Blocking, with a read timeout, so no test can hang on it.
 */
final class RawZmtpPeer implements AutoCloseable {
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    private RawZmtpPeer(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Connects to the master on 127.0.0.1 from {@code source} (another loopback address stands for another host). */
    static RawZmtpPeer connect(int port, String source) throws IOException {
        Socket s = new Socket();
        s.setSoTimeout(5000);
        s.setTcpNoDelay(true);
        s.bind(new InetSocketAddress(InetAddress.getByName(source), 0));
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        return new RawZmtpPeer(s);
    }

    static RawZmtpPeer connect(int port) throws IOException {
        return connect(port, "127.0.0.1");
    }

    /** Greets as a DEALER and reads the master's greeting, READY and hello: the connection is then open. */
    RawZmtpPeer greet() throws IOException {
        byte[] greeting = new byte[64];
        greeting[0] = (byte) 0xFF;
        greeting[9] = 0x7F;
        greeting[10] = 3;
        greeting[11] = 0;
        System.arraycopy("NULL".getBytes(StandardCharsets.US_ASCII), 0, greeting, 12, 4);
        out.write(greeting);
        in.readFully(new byte[64]);
        readFrame(); // READY
        out.write(frame(ZmtpFrameReader.COMMAND, readyBody()));
        byte[] hello = readFrame();
        if (hello.length != Frame.HEADER + 1 || hello[1] != (byte) 5) {
            throw new IOException("expected the master's hello (a RESET with a body)");
        }
        return this;
    }

    /** Does the Noise XX handshake by hand as {@code hello}; returns the session's cipher after the welcome. */
    SessionCipher handshake(StaticKeyPair key, Hello hello)
            throws IOException, CryptoException, io.brine.protocol.MalformedMessageException {
        NoiseXX noise = NoiseXX.initiator(key, RouterEndpoint.PROLOGUE);
        send(new Frame(FrameKind.HANDSHAKE_1, noise.writeMessage(new byte[0])).encode());
        Frame answer = Frame.decode(readFrame(), 1 << 20);
        noise.readMessage(answer.body());
        send(new Frame(FrameKind.HANDSHAKE_3, noise.writeMessage(MessageCodec.encode(hello))).encode());
        SessionCipher cipher = noise.split();
        readFrame(); // the welcome, sealed
        return cipher;
    }

    /** Sends one ZMTP message frame. */
    void send(byte[] body) throws IOException {
        out.write(frame(0, body));
    }

    /** Sends bytes as they are. */
    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** A long frame header declaring {@code size} bytes, and not one byte of the body. */
    void declareFrame(long size) throws IOException {
        out.write(ByteBuffer.allocate(9).put((byte) ZmtpFrameReader.LONG).putLong(size).array());
    }

    /** Reads one frame's body (any kind). */
    byte[] readFrame() throws IOException {
        int flags = in.readUnsignedByte();
        long size = (flags & ZmtpFrameReader.LONG) != 0 ? in.readLong() : in.readUnsignedByte();
        if (size > 64 << 20) {
            throw new IOException("implausible frame size " + size);
        }
        byte[] body = new byte[(int) size];
        in.readFully(body);
        return body;
    }

    /** True if the master closes the connection within the read timeout (whatever it sends first is skipped). */
    boolean closedByMaster() {
        try {
            InputStream raw = socket.getInputStream();
            byte[] sink = new byte[4096];
            while (raw.read(sink) >= 0) {
                // skip
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the master
        }
    }

    static byte[] frame(int flags, byte[] body) {
        boolean large = body.length > 255;
        ByteBuffer b = ByteBuffer.allocate((large ? 9 : 2) + body.length);
        b.put((byte) (flags | (large ? ZmtpFrameReader.LONG : 0)));
        if (large) {
            b.putLong(body.length);
        } else {
            b.put((byte) body.length);
        }
        return b.put(body).array();
    }

    private static byte[] readyBody() {
        byte[] type = "DEALER".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocate(1 + 5 + 1 + 11 + 4 + type.length);
        b.put((byte) 5).put("READY".getBytes(StandardCharsets.US_ASCII));
        b.put((byte) 11).put("Socket-Type".getBytes(StandardCharsets.US_ASCII)).putInt(type.length).put(type);
        return b.array();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
