package io.brine.protocol.crypto;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided search for handshake messages that break {@link HandshakeContract}. A plain test run replays the
 * seed corpus and every crash kept beside it, in
 * {@code src/test/resources/io/brine/protocol/crypto/HandshakeFuzzTestInputs/handshakeMessagesAreReadOrRefusedCleanly};
 * to search, run only this test with {@code JAZZER_FUZZ=1} (see docs/fuzzing.md for long runs).
 *
 * <p>The first byte picks which message the rest stands in for. Message 1 is plaintext and cheap to check, so it
 * gets most inputs; messages 2 and 3 each need a fresh genuine handshake (about 0.5 ms) before the forged one.
 */
public class HandshakeFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void handshakeMessagesAreReadOrRefusedCleanly(byte[] data) {
        if (data.length == 0) {
            return;
        }
        byte[] message = java.util.Arrays.copyOfRange(data, 1, data.length);
        switch (Byte.toUnsignedInt(data[0]) % 8) {
            case 6 -> HandshakeContract.checkMessage2(message);
            case 7 -> HandshakeContract.checkMessage3(message);
            default -> HandshakeContract.checkMessage1(message);
        }
    }

    /** The same target for Jazzer's own driver, which takes libFuzzer's flags (long runs: docs/fuzzing.md). */
    public static void fuzzerTestOneInput(byte[] data) {
        new HandshakeFuzzTest().handshakeMessagesAreReadOrRefusedCleanly(data);
    }
}
