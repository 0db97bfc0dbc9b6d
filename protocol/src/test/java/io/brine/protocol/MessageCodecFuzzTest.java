package io.brine.protocol;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided search for inputs that break the decode contract ({@link DecodeContract}). A plain test run
 * replays the seed corpus and every crash kept beside it, in
 * {@code src/test/resources/io/brine/protocol/MessageCodecFuzzTestInputs/decodeNeverThrowsAnythingButMalformed};
 * to search, run only this test with {@code JAZZER_FUZZ=1} and keep any crashing input it reports in that folder.
 */
public class MessageCodecFuzzTest {
    /** Small enough that the fuzzer's inputs often exceed it, so the size check is searched too. */
    private static final int SMALL_FRAME_LIMIT = 64;

    @FuzzTest(maxDuration = "60s")
    void decodeNeverThrowsAnythingButMalformed(byte[] data) {
        DecodeContract.checkMessage(data);
        DecodeContract.checkFrame(data, Frame.DEFAULT_MAX_SIZE);
        DecodeContract.checkFrame(data, SMALL_FRAME_LIMIT);
    }

    /** The same target for Jazzer's own driver, which takes libFuzzer's flags (long runs: docs/fuzzing.md). */
    public static void fuzzerTestOneInput(byte[] data) {
        new MessageCodecFuzzTest().decodeNeverThrowsAnythingButMalformed(data);
    }
}
