package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.StaticKeyPair;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * What the master's listener promises about any bytes a peer sends before it has a session: the greeting check,
 * the frame reader (fed in pieces, as TCP delivers), the READY and PING parsers, the frame kind check and the
 * responder's reading of a first handshake message fail only with their declared exceptions, and the frame reader
 * gives back every byte it reserved. Anything else thrown (or an AssertionError) is a bug; the fuzzers call this.
 */
final class ZmtpInputContract {
    private static final StaticKeyPair KEY = StaticKeyPair.generate();
    private static final int SMALL_LIMIT = 256;

    private ZmtpInputContract() {
    }

    static void check(byte[] data) {
        checkGreeting(data);
        int split = data.length == 0 ? 0 : (data[0] & 0xFF) % (data.length + 1);
        checkStream(data, split, SMALL_LIMIT);
        checkStream(data, split, RouterLimits.DEFAULTS.unauthenticatedFrameLimit());
    }

    private static void checkGreeting(byte[] data) {
        if (data.length < ZmtpGreeting.LENGTH) {
            return;
        }
        try {
            ZmtpGreeting.checkPeer(Arrays.copyOf(data, ZmtpGreeting.LENGTH));
        } catch (ZmtpException e) {
            // refused: fine
        }
    }

    /** Feeds {@code data} in two pieces cut at {@code split}, as two TCP reads. */
    private static void checkStream(byte[] data, int split, int limit) {
        FrameBudget budget = new FrameBudget(1 << 20);
        ZmtpFrameReader reader = new ZmtpFrameReader(budget);
        try {
            reader.read(ByteBuffer.wrap(data, 0, split), limit, ZmtpInputContract::frame);
            reader.read(ByteBuffer.wrap(data, split, data.length - split), limit, ZmtpInputContract::frame);
        } catch (ZmtpException e) {
            // refused: the connection would be closed
        }
        if (reader.held() > Math.max(limit, 1024)) {
            throw new AssertionError("reader holds " + reader.held() + " bytes over a limit of " + limit);
        }
        reader.release();
        if (budget.reserved() != 0) {
            throw new AssertionError("frame memory not given back: " + budget.reserved());
        }
    }

    private static boolean frame(int flags, byte[] body, int length) throws ZmtpException {
        if ((flags & ZmtpFrameReader.COMMAND) != 0) {
            ZmtpGreeting.commandName(body);
            try {
                ZmtpGreeting.checkReady(body, "DEALER");
            } catch (ZmtpException e) {
                // refused
            }
            try {
                ZmtpGreeting.pongFor(body);
            } catch (ZmtpException e) {
                // refused
            }
            return true;
        }
        try {
            if (Frame.kindOf(body, SMALL_LIMIT) == FrameKind.HANDSHAKE_1) {
                NoiseXX.responder(KEY, RouterEndpoint.PROLOGUE).readMessage(
                        Arrays.copyOfRange(body, Frame.HEADER, body.length));
            }
        } catch (MalformedMessageException | CryptoException e) {
            // refused
        }
        return true;
    }
}
