package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.GoingAway;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Ping;
import io.brine.protocol.Pong;
import io.brine.protocol.Welcome;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.SessionCipher;
import java.lang.System.Logger;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * What a dealer does with each frame from the master: frame check, then by kind to the handshake, or opened,
 * decoded and routed (the transport's own messages to the {@link DealerHandshake}, the rest to the listener once
 * the session is accepted). Runs on the dealers' loop thread only.
 */
final class DealerInbound implements DealerSocket.FrameSink {
    private static final Logger LOG = System.getLogger(DealerInbound.class.getName());

    private final int maxFrameSize;
    private final FrameBuffers buffers;
    private final DealerHandshake session;
    private final DealerListener listener;
    private final DealerCounters counters;
    private final DropLog dropLog = new DropLog(LOG);

    DealerInbound(int maxFrameSize, FrameBuffers buffers, DealerHandshake session, DealerListener listener,
            DealerCounters counters) {
        this.counters = counters;
        this.maxFrameSize = maxFrameSize;
        this.buffers = buffers;
        this.session = session;
        this.listener = listener;
    }

    @Override
    public void receive(byte[] raw, int length) throws MalformedMessageException {
        long now = MonotonicMillis.now();
        FrameKind kind = Frame.kindOf(raw, length, maxFrameSize);
        switch (kind) {
            case HANDSHAKE_2 -> session.onHandshake2(Frame.decode(raw.length == length ? raw
                    : Arrays.copyOf(raw, length), maxFrameSize).body(), now);
            case SEALED -> sealed(raw, length, now);
            case RESET -> session.onReset(length > Frame.HEADER, now);
            case BUSY -> session.onBusy(FrameKind.retryAfterMillis(Frame.decode(raw.length == length ? raw
                    : Arrays.copyOf(raw, length), maxFrameSize).body()), now);
            default -> {
                counters.drop(DealerCounters.Drop.MALFORMED_FRAME);
                dropLog.drop("a " + kind + " frame from the master: never sent by a master");
            }
        }
    }

    /**
     * A sealed frame, opened where it was received: a file chunk is neither copied nor allocated again. Its
     * buffer goes back to the pool at once unless the message still refers to it (a chunk's data, handed back
     * through {@link DealerEndpoint#recycle} once written); the pool ignores a small frame's buffer.
     */
    private void sealed(byte[] raw, int length, long now) {
        SessionCipher cipher = session.cipher();
        if (cipher == null) {
            return;
        }
        ByteBuffer frame = ByteBuffer.wrap(raw, 0, length);
        Message message;
        try {
            message = MessageCodec.decode(Frame.open(cipher, raw, length));
        } catch (CryptoException e) {
            counters.drop(DealerCounters.Drop.DECRYPT_FAILED);
            dropLog.drop("a sealed frame from the master that does not open: " + e.getMessage());
            buffers.recycle(frame);
            return;
        } catch (MalformedMessageException e) {
            counters.drop(DealerCounters.Drop.UNDECODABLE);
            dropLog.drop("a sealed frame from the master holding no message: " + e.getMessage());
            buffers.recycle(frame);
            return;
        }
        if (!MessageCodec.refersToInput(message)) {
            buffers.recycle(frame);
        }
        session.heard(now);
        route(message, now);
    }

    private void route(Message message, long now) {
        if (message instanceof Welcome welcome) {
            session.onWelcome(welcome, now);
        } else if (message instanceof Ping ping) {
            session.sendSealed(new Pong(ping.sequence()));
        } else if (message instanceof Pong) {
            // being heard is all a pong is for
        } else if (message instanceof GoingAway away) {
            session.onGoingAway(away.reason(), now);
        } else if (session.established()) {
            listener.onMessage(message);
        }
    }
}
