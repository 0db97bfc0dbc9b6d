package io.brine.protocol.crypto;

/** Test helper: runs a complete XX handshake between fresh random keys. */
final class Handshakes {
    final StaticKeyPair initiatorKeys = StaticKeyPair.generate();
    final StaticKeyPair responderKeys = StaticKeyPair.generate();
    final NoiseXX initiator;
    final NoiseXX responder;

    Handshakes(byte[] prologue) {
        initiator = NoiseXX.initiator(initiatorKeys, prologue);
        responder = NoiseXX.responder(responderKeys, prologue);
    }

    static Handshakes completed() throws CryptoException {
        Handshakes h = new Handshakes(new byte[] {'b', 'r', 'i', 'n', 'e'});
        h.responder.readMessage(h.initiator.writeMessage(new byte[0]));
        h.initiator.readMessage(h.responder.writeMessage(new byte[0]));
        h.responder.readMessage(h.initiator.writeMessage(new byte[0]));
        return h;
    }

    static byte[] flip(byte[] message, int index) {
        byte[] copy = message.clone();
        copy[index] ^= 0x01;
        return copy;
    }
}
