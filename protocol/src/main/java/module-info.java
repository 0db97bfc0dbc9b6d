/** Brine's wire format: messages, their codec, and the key and session cryptography. */
module io.brine.protocol {
    requires msgpack.core;
    requires org.bouncycastle.provider;

    exports io.brine.protocol;
    exports io.brine.protocol.crypto;
}
