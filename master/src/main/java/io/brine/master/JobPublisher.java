package io.brine.master;

import io.brine.protocol.JobRecord;
import io.brine.protocol.JobRequest;
import io.brine.protocol.KeyStatus;
import io.brine.transport.RouterEndpoint;
import io.brine.transport.Session;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a request into a job: resolves the target against accepted keys (so the master knows exactly who
 * must answer), records the job, and sends each expected minion its own copy sealed in its own session.
 * Minions that are expected but not connected simply never return and are reported missing.
 */
final class JobPublisher {
    private final KeyDirectory keys;
    private final MinionSessions sessions;
    private final RouterEndpoint endpoint;
    private final JobTracker tracker;
    private final JidGenerator jids = new JidGenerator();

    JobPublisher(KeyDirectory keys, MinionSessions sessions, RouterEndpoint endpoint, JobTracker tracker) {
        this.keys = keys;
        this.sessions = sessions;
        this.endpoint = endpoint;
        this.tracker = tracker;
    }

    LiveJob publish(Target target, String function, List<Object> args, Map<String, Object> kwargs,
            Duration timeout, String caller, LiveJob.Listener listener) {
        if (function == null || function.isBlank()) {
            throw new IllegalArgumentException("no function named");
        }
        List<String> expected = keys.ids(KeyStatus.ACCEPTED).stream().filter(target::matches).toList();
        String jid = jids.next();
        JobRecord spec = new JobRecord(jid, function, args, kwargs, target.expression(), target.type(), caller,
                System.currentTimeMillis(), timeout.toMillis(), expected, List.of(), Map.of());
        LiveJob job = tracker.start(spec);
        if (listener != null) {
            job.listen(listener);
        }
        JobRequest request = new JobRequest(jid, function, args, kwargs, timeout.toMillis(), caller);
        for (String id : expected) {
            Optional<Session> session = sessions.get(id);
            session.ifPresent(s -> endpoint.send(s.id(), request));
        }
        return job;
    }
}
