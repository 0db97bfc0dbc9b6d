package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LiveJobTest {
    private static JobRecord job(List<String> expected, List<String> unreachable) {
        return new JobRecord("20260101000000000001", "test.ping", List.of(), Map.of(), "m*", "glob", "test", 0L, 1000L,
                expected, unreachable, List.of(), Map.of());
    }

    private static List<String> ids(int from, int to) {
        List<String> ids = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            ids.add("m" + i);
        }
        return ids;
    }

    @Test
    void aJobNoExpectedMinionCouldReceiveIsDoneAtOnce() {
        LiveJob job = new LiveJob(job(ids(1, 10_000), ids(1, 10_000)));
        assertTrue(job.done.isDone());
    }

    @Test
    void aJobWaitsOnlyForTheMinionsThatHadASession() {
        LiveJob job = new LiveJob(job(ids(1, 5), ids(2, 5)));
        assertFalse(job.done.isDone());
        job.addReturn("m1", MinionReturn.ok(true, 0, 1));
        assertTrue(job.done.isDone());
    }
}
