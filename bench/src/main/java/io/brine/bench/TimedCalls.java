package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.MasterClient;
import java.util.ArrayList;
import java.util.List;

/**
 * One job called again and again at {@code n} minions, timed until its last return: a few untimed calls first (the
 * JIT), then the timed ones. A call cut short by its timeout is no sample (the figure would flatter or mislead); its
 * missing returns are counted instead.
 *
 * <pre>{@code
 * Samples s = TimedCalls.run(client, JobSpec.of("m*", "test.ping"), n, 3, 20, missing, "broadcast");
 * }</pre>
 */
final class TimedCalls {
    private TimedCalls() {
    }

    static Samples run(MasterClient client, JobSpec spec, int n, int warmUp, int rounds, MissingReturns missing,
            String what) throws InterruptedException {
        for (int i = 0; i < warmUp; i++) {
            missing.counted(client.call(spec), n);
        }
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            ThreadBudget.check(what + " at " + n + " minions");
            long t0 = System.nanoTime();
            Job r = client.call(spec);
            long took = System.nanoTime() - t0;
            if (missing.counted(r, n)) {
                nanos.add(took);
            }
        }
        return Samples.ofNanos(nanos);
    }
}
