package io.brine.protocol.crypto;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * One side of a Noise_XX_25519_AESGCM_SHA256 handshake (Noise revision 34, §5.3 and §7.5):
 * {@code -> e ; <- e, ee, s, es ; -> s, se}. Not thread-safe.
 *
 * <pre>{@code
 * NoiseXX minion = NoiseXX.initiator(minionKeys, prologue);
 * NoiseXX master = NoiseXX.responder(masterKeys, prologue);
 * master.readMessage(minion.writeMessage(new byte[0]));
 * minion.readMessage(master.writeMessage(new byte[0]));   // minion now knows master's key
 * master.readMessage(minion.writeMessage(helloPayload));   // master now knows minion's key
 * SessionCipher minionSide = minion.split();
 * }</pre>
 */
public final class NoiseXX {
    static final String PROTOCOL_NAME = "Noise_XX_25519_AESGCM_SHA256";
    static final int MAX_MESSAGE_LEN = 65535;

    private enum Token { E, S, EE, ES, SE }

    private static final Token[][] PATTERN = {
        {Token.E},
        {Token.E, Token.EE, Token.S, Token.ES},
        {Token.S, Token.SE},
    };
    /** Bytes each message carries besides its payload: keys, encrypted static key, payload tag. */
    private static final int[] OVERHEAD = {32, 32 + 48 + 16, 48 + 16};

    private final boolean initiator;
    private final StaticKeyPair s;
    private final SymmetricState symmetric = new SymmetricState(PROTOCOL_NAME);
    private StaticKeyPair e;
    private boolean ephemeralIsOurs;
    private byte[] re;
    private byte[] rs;
    private int next;
    private boolean failed;
    private byte[] handshakeHash;
    private byte[][] transportKeys;

    private NoiseXX(boolean initiator, StaticKeyPair s, StaticKeyPair fixedEphemeral, byte[] prologue) {
        this.initiator = initiator;
        this.s = Objects.requireNonNull(s, "localStatic");
        this.e = fixedEphemeral;
        symmetric.mixHash(Objects.requireNonNull(prologue, "prologue"));
    }

    public static NoiseXX initiator(StaticKeyPair localStatic, byte[] prologue) {
        return new NoiseXX(true, localStatic, null, prologue);
    }

    public static NoiseXX responder(StaticKeyPair localStatic, byte[] prologue) {
        return new NoiseXX(false, localStatic, null, prologue);
    }

    /** Test vectors only: a fixed ephemeral key makes the transcript deterministic. */
    static NoiseXX initiator(StaticKeyPair s, StaticKeyPair fixedEphemeral, byte[] prologue) {
        return new NoiseXX(true, s, Objects.requireNonNull(fixedEphemeral), prologue);
    }

    static NoiseXX responder(StaticKeyPair s, StaticKeyPair fixedEphemeral, byte[] prologue) {
        return new NoiseXX(false, s, Objects.requireNonNull(fixedEphemeral), prologue);
    }

    /** Writes the next handshake message carrying payload (may be empty). */
    public byte[] writeMessage(byte[] payload) {
        Objects.requireNonNull(payload, "payload");
        if (failed) {
            throw new IllegalStateException("handshake failed earlier; start a new one");
        }
        if (next >= PATTERN.length) {
            throw new IllegalStateException("handshake already complete");
        }
        if (!ourTurnToWrite()) {
            throw new IllegalStateException("not our turn: expecting to read handshake message " + (next + 1));
        }
        if (payload.length > MAX_MESSAGE_LEN - OVERHEAD[next]) {
            throw new IllegalArgumentException("payload of " + payload.length + " bytes exceeds Noise's "
                    + MAX_MESSAGE_LEN + "-byte message limit for message " + (next + 1));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(OVERHEAD[next] + payload.length);
        try {
            for (Token token : PATTERN[next]) {
                switch (token) {
                    case E -> {
                        if (e == null) {
                            e = StaticKeyPair.generate();
                            ephemeralIsOurs = true;
                        }
                        out.writeBytes(e.publicKeyNoCopy());
                        symmetric.mixHash(e.publicKeyNoCopy());
                    }
                    case S -> out.writeBytes(symmetric.encryptAndHash(s.publicKeyNoCopy()));
                    default -> mixDh(token);
                }
            }
        } catch (CryptoException ex) {
            // Unreachable in practice: readMessage already rejected low-order remote keys.
            failed = true;
            throw new IllegalStateException(ex.getMessage(), ex);
        }
        out.writeBytes(symmetric.encryptAndHash(payload));
        advance();
        return out.toByteArray();
    }

    /** Reads the next handshake message and returns its decrypted payload. After a failure the object is dead. */
    public byte[] readMessage(byte[] message) throws CryptoException {
        Objects.requireNonNull(message, "message");
        if (failed) {
            throw new CryptoException("handshake failed earlier; start a new one");
        }
        if (next >= PATTERN.length) {
            throw new CryptoException("unexpected handshake message: handshake already complete");
        }
        try {
            if (ourTurnToWrite()) {
                throw new CryptoException("out-of-turn handshake message: we are to write message " + (next + 1));
            }
            byte[] payload = readTokens(message);
            advance();
            return payload;
        } catch (CryptoException | RuntimeException ex) {
            failed = true;
            throw ex;
        }
    }

    private byte[] readTokens(byte[] message) throws CryptoException {
        if (message.length > MAX_MESSAGE_LEN) {
            throw new CryptoException("handshake message " + (next + 1) + " is " + message.length
                    + " bytes, over Noise's " + MAX_MESSAGE_LEN + "-byte limit");
        }
        if (message.length < OVERHEAD[next]) {
            throw new CryptoException("handshake message " + (next + 1) + " too short: " + message.length
                    + " bytes, need at least " + OVERHEAD[next]);
        }
        int pos = 0;
        for (Token token : PATTERN[next]) {
            switch (token) {
                case E -> {
                    re = Arrays.copyOfRange(message, pos, pos + X25519Dh.KEY_LEN);
                    pos += X25519Dh.KEY_LEN;
                    symmetric.mixHash(re);
                    if (!initiator) {
                        // The responder's first DH with re happens in writeMessage, which cannot throw
                        // CryptoException, so vet re now: with X25519's clamped scalars the output is all-zero
                        // for a low-order point whichever private key is used.
                        Arrays.fill(X25519Dh.agree(s.privateKeyNoCopy(), re), (byte) 0);
                    }
                }
                case S -> {
                    int len = X25519Dh.KEY_LEN + (symmetric.hasKey() ? AesGcm.TAG_LEN : 0);
                    rs = symmetric.decryptAndHash(Arrays.copyOfRange(message, pos, pos + len));
                    pos += len;
                }
                default -> mixDh(token);
            }
        }
        return symmetric.decryptAndHash(Arrays.copyOfRange(message, pos, message.length));
    }

    private void mixDh(Token token) throws CryptoException {
        byte[] shared = switch (token) {
            case EE -> X25519Dh.agree(e.privateKeyNoCopy(), re);
            case ES -> initiator ? X25519Dh.agree(e.privateKeyNoCopy(), rs) : X25519Dh.agree(s.privateKeyNoCopy(), re);
            case SE -> initiator ? X25519Dh.agree(s.privateKeyNoCopy(), re) : X25519Dh.agree(e.privateKeyNoCopy(), rs);
            default -> throw new AssertionError(token);
        };
        symmetric.mixKey(shared);
        Arrays.fill(shared, (byte) 0);
    }

    private boolean ourTurnToWrite() {
        // Even-numbered messages (0, 2) are the initiator's.
        return (next % 2 == 0) == initiator;
    }

    private void advance() {
        next++;
        if (next == PATTERN.length) {
            handshakeHash = symmetric.handshakeHash();
            transportKeys = symmetric.split();
            if (ephemeralIsOurs) {
                e.destroy();
            }
        }
    }

    /**
     * The peer's static public key once received (initiator: after message 2; responder: after
     * message 3), else null. Also null after a failure, so a key from a forged message is never trusted.
     */
    public byte[] remoteStaticKey() {
        return rs == null || failed ? null : rs.clone();
    }

    public boolean isComplete() {
        return next == PATTERN.length && !failed;
    }

    /** The final handshake hash h, for channel binding; IllegalStateException before completion. */
    public byte[] handshakeHash() {
        requireComplete();
        return handshakeHash.clone();
    }

    /**
     * The transport ciphers for this side: the initiator sends with the first key of Split(), the
     * responder with the second. May be called once: a second SessionCipher on the same keys would
     * reuse nonces, which breaks AES-GCM, so the keys are wiped after the first call.
     */
    public SessionCipher split() {
        requireComplete();
        if (transportKeys == null) {
            throw new IllegalStateException("split() was already called; the transport keys are gone");
        }
        byte[] k1 = transportKeys[0];
        byte[] k2 = transportKeys[1];
        transportKeys = null;
        try {
            return initiator ? new SessionCipher(k1, k2) : new SessionCipher(k2, k1);
        } finally {
            Arrays.fill(k1, (byte) 0);
            Arrays.fill(k2, (byte) 0);
        }
    }

    private void requireComplete() {
        if (!isComplete()) {
            throw new IllegalStateException(failed ? "handshake failed" : "handshake not complete");
        }
    }
}
