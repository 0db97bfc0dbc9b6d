package io.brine.transport;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The ZMTP 3.x greeting and the NULL mechanism's READY command (rfc.zeromq.org 23/ZMTP, 37/ZMTP), as the master's
 * server and the dealers both speak them: a 64-byte greeting (signature, version, mechanism, as-server, filler),
 * then one READY command each way naming the socket types. Only a DEALER may connect to the master's ROUTER:
 * nothing else speaks Brine.
 */
final class ZmtpGreeting {
    static final int LENGTH = 64;
    static final int VERSION_MAJOR = 3;
    static final int VERSION_MINOR = 1;
    private static final byte[] NULL_MECHANISM = "NULL".getBytes(StandardCharsets.US_ASCII);
    private static final int MECHANISM_OFFSET = 12;
    private static final int MECHANISM_LENGTH = 20;

    private ZmtpGreeting() {
    }

    /** Our greeting, sent whole as soon as a connection is accepted (the peer waits for our signature). */
    static byte[] greeting() {
        byte[] g = new byte[LENGTH];
        g[0] = (byte) 0xFF;
        g[9] = 0x7F;
        g[10] = VERSION_MAJOR;
        g[11] = VERSION_MINOR;
        System.arraycopy(NULL_MECHANISM, 0, g, MECHANISM_OFFSET, NULL_MECHANISM.length);
        return g;
    }

    /** Checks the peer's 64 greeting bytes: a ZMTP 3.x signature with the NULL mechanism, nothing else. */
    static void checkPeer(byte[] g) throws ZmtpException {
        if ((g[0] & 0xFF) != 0xFF || (g[9] & 0x01) != 0x01) {
            throw new ZmtpException("bad greeting signature");
        }
        if (g[10] < VERSION_MAJOR) {
            throw new ZmtpException("ZMTP version " + g[10] + " is not supported");
        }
        for (int i = 0; i < MECHANISM_LENGTH; i++) {
            byte expected = i < NULL_MECHANISM.length ? NULL_MECHANISM[i] : 0;
            if (g[MECHANISM_OFFSET + i] != expected) {
                throw new ZmtpException("security mechanism is not NULL");
            }
        }
    }

    /**
     * The READY property by which a dealer asks for the operator's lane of the master's handshake queue (see
     * {@link HandshakeQueue}); ZMTP lets applications add properties whose names begin with {@code X-}.
     */
    static final String LANE_PROPERTY = "X-Brine-Lane";
    static final String OPERATOR_LANE = "operator";

    /** The body of our READY command: we are a {@code socketType} (ROUTER or DEALER), with an empty identity. */
    static byte[] ready(String socketType) {
        return ready(socketType, null);
    }

    /** As {@link #ready(String)}, asking for the handshake queue's {@code lane} unless it is null. */
    static byte[] ready(String socketType, String lane) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeName(out, "READY");
        writeProperty(out, "Socket-Type", socketType.getBytes(StandardCharsets.US_ASCII));
        writeProperty(out, "Identity", new byte[0]);
        if (lane != null) {
            writeProperty(out, LANE_PROPERTY, lane.getBytes(StandardCharsets.US_ASCII));
        }
        return out.toByteArray();
    }

    /**
     * Checks the peer's first command: READY, with a Socket-Type of {@code peerType}; property bounds checked.
     * Returns the lane the peer asks for, or null.
     */
    static String checkReady(byte[] body, String peerType) throws ZmtpException {
        int pos = expectName(body, "READY");
        String socketType = null;
        String lane = null;
        while (pos < body.length) {
            int nameLength = body[pos++] & 0xFF;
            if (nameLength == 0 || pos + nameLength + 4 > body.length) {
                throw new ZmtpException("malformed READY property");
            }
            String name = new String(body, pos, nameLength, StandardCharsets.US_ASCII);
            pos += nameLength;
            long valueLength = ((body[pos] & 0xFFL) << 24) | ((body[pos + 1] & 0xFF) << 16)
                    | ((body[pos + 2] & 0xFF) << 8) | (body[pos + 3] & 0xFF);
            pos += 4;
            if (valueLength > body.length - pos) {
                throw new ZmtpException("malformed READY property value");
            }
            if (name.equalsIgnoreCase("Socket-Type")) {
                socketType = new String(body, pos, (int) valueLength, StandardCharsets.US_ASCII);
            } else if (name.equalsIgnoreCase(LANE_PROPERTY) && valueLength <= 16) {
                lane = new String(body, pos, (int) valueLength, StandardCharsets.US_ASCII);
            }
            pos += (int) valueLength;
        }
        if (!peerType.equals(socketType)) {
            throw new ZmtpException("peer socket type " + socketType + " is not the " + peerType + " expected here");
        }
        return lane;
    }

    /** The command's name (the first byte is its length), or null if the body is too short to hold one. */
    static String commandName(byte[] body) {
        if (body.length < 1 || body.length < 1 + (body[0] & 0xFF)) {
            return null;
        }
        return new String(body, 1, body[0] & 0xFF, StandardCharsets.US_ASCII);
    }

    /** A PONG answering the PING {@code ping}: ZMTP 3.1 echoes the ping's context (at most 16 bytes). */
    static byte[] pongFor(byte[] ping) throws ZmtpException {
        int contextStart = 1 + 4 + 2; // name length, "PING", TTL
        if (ping.length < contextStart || ping.length - contextStart > 16) {
            throw new ZmtpException("malformed PING");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeName(out, "PONG");
        out.write(ping, contextStart, ping.length - contextStart);
        return out.toByteArray();
    }

    private static int expectName(byte[] body, String expected) throws ZmtpException {
        String name = commandName(body);
        if (!expected.equals(name)) {
            throw new ZmtpException("expected " + expected + " command, got " + (name == null ? "garbage" : name));
        }
        return 1 + expected.length();
    }

    private static void writeName(ByteArrayOutputStream out, String name) {
        out.write(name.length());
        out.writeBytes(name.getBytes(StandardCharsets.US_ASCII));
    }

    private static void writeProperty(ByteArrayOutputStream out, String name, byte[] value) {
        out.write(name.length());
        out.writeBytes(name.getBytes(StandardCharsets.US_ASCII));
        out.write(value.length >>> 24);
        out.write(value.length >>> 16);
        out.write(value.length >>> 8);
        out.write(value.length);
        out.writeBytes(value);
    }
}
