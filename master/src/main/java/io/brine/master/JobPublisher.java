package io.brine.master;

import io.brine.master.targeting.TargetExpression;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobRequest;
import io.brine.transport.RouterEndpoint;
import io.brine.transport.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Turns a request into a job: resolves the target (so the master knows exactly who must answer), records
 * the job with the minions that had no live session, and sends each expected minion its own copy sealed in
 * its own session — all at once, or a batch at a time.
 */
final class JobPublisher {
    /** What to run, where, how long, and how many at a time (batch null: all at once). */
    record Order(String target, String targetType, String function, List<Object> args, Map<String, Object> kwargs,
            Duration timeout, String caller, String batch, Duration batchWait) {
    }

    private final TargetResolver resolver;
    private final MinionSessions sessions;
    private final RouterEndpoint endpoint;
    private final JobTracker tracker;
    private final EventBus events;
    private final ScheduledExecutorService timer;
    private final JidGenerator jids = new JidGenerator();

    JobPublisher(TargetResolver resolver, MinionSessions sessions, RouterEndpoint endpoint, JobTracker tracker,
            EventBus events, ScheduledExecutorService timer) {
        this.resolver = resolver;
        this.sessions = sessions;
        this.endpoint = endpoint;
        this.tracker = tracker;
        this.events = events;
        this.timer = timer;
    }

    /** The job and the minions the target could not be decided for (they were not sent the job). */
    record Published(LiveJob job, List<String> undetermined) {
    }

    Published publish(Order order, LiveJob.Listener listener) {
        if (order.function() == null || order.function().isBlank()) {
            throw new IllegalArgumentException("no function named");
        }
        TargetExpression target = resolver.parse(order.target(), order.targetType());
        TargetResolver.Resolution resolution = resolver.resolve(target);
        List<String> expected = resolution.expected();
        List<String> connected = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        for (String id : expected) {
            (sessions.get(id).isPresent() ? connected : unreachable).add(id);
        }
        String jid = jids.next();
        long timeoutMillis = order.timeout().toMillis();
        JobRecord spec = new JobRecord(jid, order.function(), order.args(), order.kwargs(), order.target(),
                order.targetType() == null ? "glob" : order.targetType(), order.caller(), System.currentTimeMillis(),
                timeoutMillis, expected, unreachable, List.of(), Map.of());
        JobRequest request = new JobRequest(jid, order.function(), order.args(), order.kwargs(), timeoutMillis,
                order.caller());
        if (order.batch() == null) {
            LiveJob job = tracker.start(spec, timeoutMillis, listener);
            announce(spec);
            connected.forEach(id -> send(id, request));
            return new Published(job, resolution.undetermined());
        }
        int size = BatchRelease.size(order.batch(), expected.size());
        long wait = order.batchWait() == null ? 0 : order.batchWait().toMillis();
        BatchRelease release = new BatchRelease(connected, size, wait, timeoutMillis + 2_000, id -> send(id, request),
                timer);
        LiveJob.Listener chained = (j, id, ret) -> {
            release.returned(id);
            if (listener != null) {
                listener.onReturn(j, id, ret);
            }
        };
        LiveJob job = tracker.start(spec, BatchRelease.totalWaitMillis(connected.size(), size, timeoutMillis, wait),
                chained);
        announce(spec);
        release.start();
        return new Published(job, resolution.undetermined());
    }

    /**
     * Tells every minion still running {@code jid} to stop it; false if the job is not live any more. The
     * minions' returns then say the job was killed.
     */
    boolean kill(String jid) {
        Optional<LiveJob> job = tracker.live(jid);
        if (job.isEmpty()) {
            return false;
        }
        JobRecord record = job.get().snapshot();
        for (String id : record.missing()) {
            sessions.get(id).ifPresent(s -> endpoint.send(s.id(), new io.brine.protocol.JobKill(jid)));
        }
        return true;
    }

    private void announce(JobRecord spec) {
        events.publish("brine/job/" + spec.jid() + "/new", Map.of("fun", spec.function(), "tgt", spec.target(),
                "tgt_type", spec.targetType(), "minions", spec.expected(), "user", spec.caller()));
    }

    private void send(String id, JobRequest request) {
        Optional<Session> session = sessions.get(id);
        session.ifPresent(s -> endpoint.send(s.id(), request));
    }
}
