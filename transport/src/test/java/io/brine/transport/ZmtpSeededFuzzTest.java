package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.Hello;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A short, seeded (so repeatable) mutation fuzz of what a peer sends before it has a session, run in every build:
 * offline against the listener's parsers, and live against a running router that must keep serving a legit client.
 * The long coverage-guided run is {@link ZmtpFuzzTest} under Jazzer.
 */
class ZmtpSeededFuzzTest {
    private static final long SEED = 11;

    @Test
    void mutatedZmtpStreamsFailOnlyAsDeclared() {
        Random random = new Random(SEED);
        List<byte[]> seeds = seedStreams();
        for (int i = 0; i < 30_000; i++) {
            ZmtpInputContract.check(mutate(seeds.get(random.nextInt(seeds.size())), random));
        }
    }

    @Test
    void mutatedHandshakesOnLiveConnectionsNeverReachTheIoThread() throws Exception {
        CountDownLatch fatal = new CountDownLatch(1);
        try (EchoMaster master = new EchoMaster(RouterLimits.DEFAULTS, failure -> fatal.countDown()).withClient()) {
            AtomicInteger sent = new AtomicInteger();
            try (Flood flood = Flood.start(4, 3000, t -> {
                Random random = new Random(SEED * 31 + t * 1_000_003L + sent.getAndIncrement());
                try (RawZmtpPeer p = RawZmtpPeer.connect(master.router.port())) {
                    if (random.nextInt(4) == 0) {
                        p.sendRaw(mutate(seedStreams().get(random.nextInt(3)), random));
                        return;
                    }
                    p.greet();
                    NoiseXX noise = NoiseXX.initiator(StaticKeyPair.generate(), RouterEndpoint.PROLOGUE);
                    byte[] message1 = new Frame(FrameKind.HANDSHAKE_1, noise.writeMessage(new byte[0])).encode();
                    if (random.nextBoolean()) {
                        p.send(mutate(message1, random));
                        return;
                    }
                    p.send(message1);
                    noise.readMessage(Frame.decode(p.readFrame(), 1 << 16).body());
                    byte[] message3 = new Frame(FrameKind.HANDSHAKE_3,
                            noise.writeMessage(MessageCodec.encode(new Hello(Role.MINION, "fuzz", "test")))).encode();
                    p.send(mutate(message3, random));
                }
            })) {
                // runs to its deadline
            }
            assertTrue(sent.get() > 100, "mutated connections: " + sent.get());
            assertTrue(master.roundTripMillis() < 1000, "the legit client is still served");
            assertTrue(master.freshHandshakeMillis("after-fuzz") < 1000, "new peers still handshake");
            assertEquals(0, master.router.counters().dropped(Counters.Drop.INTERNAL_ERROR),
                    master.router.counters().toString());
            assertEquals(1, fatal.getCount(), "the I/O thread is alive");
            System.out.println("live fuzz: " + sent.get() + " connections; " + master.router.counters());
        }
    }

    /** A DEALER's opening: greeting, READY, a first handshake message; and two command frames. */
    static List<byte[]> seedStreams() {
        ByteArrayOutputStream dealer = new ByteArrayOutputStream();
        byte[] greeting = ZmtpGreeting.greeting();
        greeting[11] = 0;
        dealer.writeBytes(greeting);
        byte[] type = "DEALER".getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream ready = new ByteArrayOutputStream();
        ready.write(5);
        ready.writeBytes("READY".getBytes(StandardCharsets.US_ASCII));
        ready.write(11);
        ready.writeBytes("Socket-Type".getBytes(StandardCharsets.US_ASCII));
        ready.writeBytes(new byte[] {0, 0, 0, (byte) type.length});
        ready.writeBytes(type);
        byte[] readyCommand = RawZmtpPeer.frame(ZmtpFrameReader.COMMAND, ready.toByteArray());
        byte[] message1 = RawZmtpPeer.frame(0, new Frame(FrameKind.HANDSHAKE_1,
                NoiseXX.initiator(StaticKeyPair.generate(), RouterEndpoint.PROLOGUE).writeMessage(new byte[0]))
                .encode());
        byte[] ping = RawZmtpPeer.frame(ZmtpFrameReader.COMMAND,
                new byte[] {4, 'P', 'I', 'N', 'G', 0, 10, 'c', 't', 'x'});
        byte[] longHeader = {ZmtpFrameReader.LONG, 0, 0, 0, 0, 0, 0, 16, 0, 1, 2, 3};
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.writeBytes(dealer.toByteArray());
        stream.writeBytes(readyCommand);
        stream.writeBytes(message1);
        return List.of(stream.toByteArray(), concat(readyCommand, ping, message1), concat(message1, longHeader));
    }

    /** One to eight edits: byte flips, random bytes, a cut, a duplicated stretch, an insertion. */
    static byte[] mutate(byte[] input, Random random) {
        byte[] data = input.clone();
        int edits = 1 + random.nextInt(8);
        for (int e = 0; e < edits && data.length > 0; e++) {
            int at = random.nextInt(data.length);
            switch (random.nextInt(5)) {
                case 0 -> data[at] ^= (byte) (1 << random.nextInt(8));
                case 1 -> data[at] = (byte) random.nextInt(256);
                case 2 -> data = Arrays.copyOf(data, at);
                case 3 -> data = concat(data, Arrays.copyOfRange(data, at, Math.min(data.length, at + 1 + random.nextInt(64))));
                default -> {
                    byte[] junk = new byte[1 + random.nextInt(16)];
                    random.nextBytes(junk);
                    data = concat(Arrays.copyOf(data, at), junk, Arrays.copyOfRange(data, at, data.length));
                }
            }
        }
        return data;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
