package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Hello;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * A minion whose master's name does not resolve (a VM that boots before its DNS) wrote about 48 stack traces a
 * second, 6 GB of log a day. Now it writes one line per attempt, on its backoff schedule.
 */
class UnreachableMasterLogTest {
    private static final TransportSettings FAST = TransportSettings.DEFAULTS
            .withBackoff(Duration.ofMillis(20), Duration.ofMillis(200));

    @Test
    void anUnresolvableMasterCostsOneLinePerAttemptAndNoStackTrace() throws Exception {
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Logger log = Logger.getLogger(DealerAttempts.class.getName());
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        Logger outbox = Logger.getLogger(Outbox.class.getName());
        outbox.addHandler(capture);
        TransportRuntime runtime = new TransportRuntime("unreachable-test");
        DealerEndpoint minion = new DealerEndpoint(runtime, "tcp://no-such-host.invalid:4506",
                StaticKeyPair.generate(), new Hello(Role.MINION, "m1", "test"), serverKey -> null, FAST);
        try {
            minion.start(message -> { });
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (records.size() < 5 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        } finally {
            minion.close();
            runtime.close();
            log.removeHandler(capture);
            outbox.removeHandler(capture);
        }
        assertTrue(records.size() >= 5, "attempts logged: " + records.size());
        for (LogRecord r : records) {
            assertEquals(Level.WARNING, r.getLevel(), r.getMessage());
            assertNull(r.getThrown(), "a stack trace: " + r.getMessage());
            assertTrue(r.getMessage().contains("cannot connect to the master at tcp://no-such-host.invalid:4506: its "
                    + "name does not resolve; trying again in "), r.getMessage());
        }
    }
}
