package io.brine.transport;

import io.brine.protocol.FrameKind;
import io.brine.protocol.MalformedMessageException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import org.zeromq.ZMQ;
import zmq.Msg;

/**
 * A dealer's ZeroMQ DEALER socket for one connection attempt, on its runtime's {@link DealerLoop}: opened,
 * read, written and closed on the loop thread only. Frames go up through a {@link FrameSink}.
 */
final class DealerSocket {
    private static final Logger LOG = System.getLogger(DealerSocket.class.getName());

    /** Takes the frame in {@code raw[0, length)}; raw is a pooled buffer when the frame is large. */
    interface FrameSink {
        void receive(byte[] raw, int length) throws MalformedMessageException;
    }

    private final DealerLoop loop;
    private final DealerEndpoint owner;
    private final TransportSettings settings;
    private final FrameBuffers buffers;
    private ZMQ.Socket socket;
    private SelectionKey watchKey;

    DealerSocket(DealerLoop loop, DealerEndpoint owner, TransportSettings settings, FrameBuffers buffers) {
        this.loop = loop;
        this.owner = owner;
        this.settings = settings;
        this.buffers = buffers;
    }

    /** Connects a new socket to {@code address}; throws (and holds no socket) if the address is unusable. */
    void open(String address) {
        socket = loop.newSocket();
        socket.setLinger(0);
        socket.setMaxMsgSize(settings.maxFrameSize() + 64L);
        socket.setMsgAllocator(buffers);
        socket.setSndHWM(settings.highWaterMark());
        socket.setRcvHWM(settings.highWaterMark());
        socket.setReconnectIVL(200);
        socket.setReconnectIVLMax(5000);
        socket.setHandshakeIvl(RouterEndpoint.ZMTP_HANDSHAKE_MILLIS);
        try {
            socket.connect(address);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        watchKey = loop.watch(socket, owner);
    }

    boolean isOpen() {
        return socket != null;
    }

    /** Closes the socket without a word to the master. */
    void close() {
        if (socket != null) {
            loop.destroy(socket, watchKey);
            socket = null;
            watchKey = null;
        }
    }

    /** Reads every frame waiting; returns how many. A sink that closes the socket stops the reading. */
    int receiveAll(FrameSink sink) {
        int frames = 0;
        while (socket != null) {
            Msg msg = socket.recvMsg(ZMQ.DONTWAIT);
            if (msg == null) {
                break;
            }
            frames++;
            // Our allocator gives heap buffers at offset 0 (a large frame's array is longer than the frame); any
            // other message, such as a direct one had the socket another allocator, is copied out.
            ByteBuffer frame = msg.buf();
            boolean ours = frame.hasArray() && frame.arrayOffset() == 0 && frame.position() == 0;
            try {
                if (ours) {
                    sink.receive(frame.array(), frame.remaining());
                } else {
                    byte[] copy = msg.data();
                    sink.receive(copy, copy.length);
                }
            } catch (MalformedMessageException e) {
                LOG.log(Level.WARNING, "dropped a malformed frame from the master: " + e.getMessage());
            }
        }
        return frames;
    }

    /** Queues a frame; never blocks (a full queue to the master drops it, as a lost frame would be). */
    void send(FrameKind kind, byte[] encoded) {
        if (!socket.send(encoded, ZMQ.DONTWAIT)) {
            LOG.log(Level.DEBUG, "dropped a " + kind + " frame: the queue to the master is full");
        }
        loop.sent(owner);
    }
}
