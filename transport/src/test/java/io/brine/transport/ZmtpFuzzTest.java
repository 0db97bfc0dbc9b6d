package io.brine.transport;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided search for bytes that break the listener's input contract ({@link ZmtpInputContract}): the
 * ZMTP greeting, frame reader, commands and the first handshake message. A plain test run replays the seeds in
 * {@code src/test/resources/io/brine/transport/ZmtpFuzzTestInputs/zmtpInputFailsOnlyAsDeclared}; to search, run
 * only this test with {@code JAZZER_FUZZ=1} and keep any crashing input it reports in that folder.
 */
class ZmtpFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void zmtpInputFailsOnlyAsDeclared(byte[] data) {
        ZmtpInputContract.check(data);
    }
}
