package io.brine.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The decode contract ({@link DecodeContract}) over a fixed stream of corrupted messages: broad coverage on every
 * build without a fuzzer, and any failure is replayable because the seed is fixed.
 */
class MessageCodecMutationTest {
    private static final long SEED = 0x5EED_B41EL;
    private static final int MUTANTS = 200_000;

    @Test
    void everyMutantOfAValidMessageIsDecodedOrRejectedCleanly() {
        Mutator mutator = new Mutator(SEED, seeds());
        int accepted = 0;
        for (int i = 0; i < MUTANTS; i++) {
            byte[] mutant = mutator.next();
            if (DecodeContract.checkMessage(mutant) == DecodeContract.Outcome.ACCEPTED) {
                accepted++;
            }
            DecodeContract.checkFrame(mutant, Frame.DEFAULT_MAX_SIZE);
        }
        // Both outcomes must be common, or the mutations are too timid (all accepted) or too crude (none are).
        int acceptedMutants = accepted;
        assertTrue(acceptedMutants > MUTANTS / 100 && acceptedMutants < MUTANTS / 2,
                () -> acceptedMutants + " of " + MUTANTS + " mutants decoded");
    }

    private static List<byte[]> seeds() {
        List<byte[]> out = new ArrayList<>();
        for (Message m : SampleMessages.all()) {
            out.add(MessageCodec.encode(m));
        }
        out.add(new Frame(FrameKind.SEALED, MessageCodec.encode(new Ping(1))).encode());
        return out;
    }
}
