package io.brine.protocol.crypto;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * The handshake's promise to the network, checked on one input: reading a handshake message either succeeds or
 * throws {@link CryptoException}; nothing else escapes (an unchecked exception would leave the master's handshake
 * worker without an answer for the peer). Messages 2 and 3 are authenticated end to end, so a changed byte anywhere
 * in them must be refused: accepting one would mean a forged peer key or hello.
 *
 * <p>Violations are thrown as {@link AssertionError}s naming the input in hex, which Jazzer and JUnit both report.
 */
final class HandshakeContract {
    private static final byte[] PROLOGUE = {'b', 'r', 'i', 'n', 'e', '/', '1'};
    private static final StaticKeyPair RESPONDER = StaticKeyPair.generate();
    private static final StaticKeyPair INITIATOR = StaticKeyPair.generate();

    private HandshakeContract() {
    }

    enum Outcome { ACCEPTED, REJECTED }

    /** The first message as a master receives it from anyone: it is plaintext, so much of it is acceptable. */
    static Outcome checkMessage1(byte[] input) {
        NoiseXX responder = NoiseXX.responder(RESPONDER, PROLOGUE);
        try {
            responder.readMessage(input);
        } catch (CryptoException expected) {
            return Outcome.REJECTED;
        } catch (Throwable t) {
            throw violation("reading message 1 threw " + t, input, t);
        }
        try {
            responder.writeMessage(new byte[0]);
        } catch (Throwable t) {
            throw violation("answering an accepted message 1 threw " + t, input, t);
        }
        return Outcome.ACCEPTED;
    }

    /** Message 2 as a minion receives it in place of the genuine one; anything but the genuine bytes is refused. */
    static void checkMessage2(byte[] input) {
        NoiseXX initiator = NoiseXX.initiator(INITIATOR, PROLOGUE);
        NoiseXX responder = NoiseXX.responder(RESPONDER, PROLOGUE);
        byte[] genuine;
        try {
            responder.readMessage(initiator.writeMessage(new byte[0]));
            genuine = responder.writeMessage(new byte[0]);
        } catch (CryptoException e) {
            throw new IllegalStateException("a genuine handshake failed", e);
        }
        requireRefusedUnlessGenuine(initiator, input, genuine, "message 2");
    }

    /** Message 3 as a master receives it in place of the genuine one; anything but the genuine bytes is refused. */
    static void checkMessage3(byte[] input) {
        NoiseXX initiator = NoiseXX.initiator(INITIATOR, PROLOGUE);
        NoiseXX responder = NoiseXX.responder(RESPONDER, PROLOGUE);
        byte[] genuine;
        try {
            responder.readMessage(initiator.writeMessage(new byte[0]));
            initiator.readMessage(responder.writeMessage(new byte[0]));
            genuine = initiator.writeMessage(new byte[] {1, 2, 3});
        } catch (CryptoException e) {
            throw new IllegalStateException("a genuine handshake failed", e);
        }
        requireRefusedUnlessGenuine(responder, input, genuine, "message 3");
    }

    /** A genuine message in its place, for seeds: message 2 or 3 of a fresh handshake. */
    static byte[] genuine(int messageNumber) {
        NoiseXX initiator = NoiseXX.initiator(INITIATOR, PROLOGUE);
        NoiseXX responder = NoiseXX.responder(RESPONDER, PROLOGUE);
        try {
            byte[] m1 = initiator.writeMessage(new byte[0]);
            if (messageNumber == 1) {
                return m1;
            }
            responder.readMessage(m1);
            byte[] m2 = responder.writeMessage(new byte[0]);
            if (messageNumber == 2) {
                return m2;
            }
            initiator.readMessage(m2);
            return initiator.writeMessage(new byte[] {1, 2, 3});
        } catch (CryptoException e) {
            throw new IllegalStateException("a genuine handshake failed", e);
        }
    }

    private static void requireRefusedUnlessGenuine(NoiseXX reader, byte[] input, byte[] genuine, String which) {
        try {
            reader.readMessage(input);
        } catch (CryptoException expected) {
            return;
        } catch (Throwable t) {
            throw violation("reading " + which + " threw " + t, input, t);
        }
        if (!Arrays.equals(input, genuine)) {
            throw violation("a forged " + which + " was accepted", input, null);
        }
    }

    private static AssertionError violation(String what, byte[] input, Throwable cause) {
        String hex = HexFormat.of().formatHex(input, 0, Math.min(input.length, 4096));
        return new AssertionError(what + "; input (" + input.length + " bytes): " + hex, cause);
    }
}
