package io.brine.protocol.crypto;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link HandshakeContract} over a fixed stream of corrupted handshake messages: the short, seeded fuzzing run that
 * every build makes (a failure replays exactly from the seed), beside the coverage-guided {@link HandshakeFuzzTest}.
 */
class HandshakeMutationTest {
    private static final long SEED = 0x4A5D_5EEDL;
    private static final int MESSAGE1_MUTANTS = 20_000;
    private static final int FORGERIES = 600;

    @Test
    void everyMutantOfTheFirstMessageIsReadOrRefusedCleanly() {
        Random random = new Random(SEED);
        byte[] genuine = HandshakeContract.genuine(1);
        int accepted = 0;
        for (int i = 0; i < MESSAGE1_MUTANTS; i++) {
            if (HandshakeContract.checkMessage1(mutate(genuine, random)) == HandshakeContract.Outcome.ACCEPTED) {
                accepted++;
            }
        }
        // Message 1 is an ephemeral key plus a plaintext payload: flips of the key are accepted, short inputs are not.
        int acceptedMutants = accepted;
        assertTrue(acceptedMutants > MESSAGE1_MUTANTS / 20 && acceptedMutants < MESSAGE1_MUTANTS,
                () -> acceptedMutants + " of " + MESSAGE1_MUTANTS + " mutants accepted");
    }

    @Test
    void noChangedSecondOrThirdMessageIsEverAccepted() {
        Random random = new Random(SEED + 1);
        for (int i = 0; i < FORGERIES; i++) {
            int which = 2 + (i & 1);
            byte[] forged = mutate(HandshakeContract.genuine(which), random);
            if (which == 2) {
                HandshakeContract.checkMessage2(forged);
            } else {
                HandshakeContract.checkMessage3(forged);
            }
        }
    }

    /** One to three stacked corruptions: bit flips, truncation, insertion, deletion, a random tail. */
    static byte[] mutate(byte[] in, Random random) {
        byte[] out = in;
        int rounds = 1 + random.nextInt(3);
        for (int r = 0; r < rounds; r++) {
            out = switch (random.nextInt(5)) {
                case 0 -> flip(out, random);
                case 1 -> Arrays.copyOf(out, random.nextInt(out.length + 1));
                case 2 -> insert(out, random);
                case 3 -> delete(out, random);
                default -> {
                    byte[] tail = new byte[random.nextInt(64)];
                    random.nextBytes(tail);
                    byte[] joined = Arrays.copyOf(out, out.length + tail.length);
                    System.arraycopy(tail, 0, joined, out.length, tail.length);
                    yield joined;
                }
            };
        }
        return out.length == in.length && Arrays.equals(out, in) ? flip(out, random) : out;
    }

    private static byte[] flip(byte[] in, Random random) {
        if (in.length == 0) {
            return new byte[] {(byte) random.nextInt(256)};
        }
        byte[] out = in.clone();
        out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
        return out;
    }

    private static byte[] insert(byte[] in, Random random) {
        int at = random.nextInt(in.length + 1);
        byte[] out = new byte[in.length + 1];
        System.arraycopy(in, 0, out, 0, at);
        out[at] = (byte) random.nextInt(256);
        System.arraycopy(in, at, out, at + 1, in.length - at);
        return out;
    }

    private static byte[] delete(byte[] in, Random random) {
        if (in.length == 0) {
            return in;
        }
        int at = random.nextInt(in.length);
        byte[] out = new byte[in.length - 1];
        System.arraycopy(in, 0, out, 0, at);
        System.arraycopy(in, at + 1, out, at, in.length - at - 1);
        return out;
    }
}
