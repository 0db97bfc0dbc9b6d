package io.brine.bench.jmh;

import io.brine.protocol.JobRequest;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Sealing a job for a minion and opening it there, with session keys from a real Noise XX handshake. Opening
 * refuses a nonce seen before, so it is measured together with the seal that made the frame: open alone is
 * {@code sealThenOpen - seal}. The handshake itself (what a restart storm costs the master per minion) is
 * measured too.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SealBenchmark {
    private static final byte[] PROLOGUE = "brine/1".getBytes(StandardCharsets.US_ASCII);

    /** A test.ping job as encoded (about 60 bytes), and a 16 KiB chunk as a file transfer would send. */
    @Param({"job", "16384"})
    public String payload;

    private StaticKeyPair masterKey;
    private StaticKeyPair minionKey;
    private SessionCipher master;
    private SessionCipher minion;
    private byte[] plaintext;

    @Setup
    public void setUp() throws CryptoException {
        masterKey = StaticKeyPair.generate();
        minionKey = StaticKeyPair.generate();
        SessionCipher[] pair = handshake(minionKey, masterKey);
        minion = pair[0];
        master = pair[1];
        plaintext = payload.equals("job")
                ? MessageCodec.encode(new JobRequest("20261122114930123456", "test.ping", List.of(), Map.of(),
                        30_000, "local"))
                : new byte[Integer.parseInt(payload)];
    }

    static SessionCipher[] handshake(StaticKeyPair initiatorKey, StaticKeyPair responderKey) throws CryptoException {
        NoiseXX initiator = NoiseXX.initiator(initiatorKey, PROLOGUE);
        NoiseXX responder = NoiseXX.responder(responderKey, PROLOGUE);
        responder.readMessage(initiator.writeMessage(new byte[0]));
        initiator.readMessage(responder.writeMessage(new byte[0]));
        responder.readMessage(initiator.writeMessage(new byte[0]));
        return new SessionCipher[] {initiator.split(), responder.split()};
    }

    @Benchmark
    public byte[] seal() {
        return master.seal(plaintext);
    }

    @Benchmark
    public byte[] sealThenOpen() throws CryptoException {
        return minion.open(master.seal(plaintext));
    }

    @Benchmark
    public SessionCipher[] fullHandshake() throws CryptoException {
        return handshake(minionKey, masterKey);
    }
}
