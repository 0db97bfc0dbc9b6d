package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The return of a job a minion ran by itself, from its {@code schedule}: what the job was (the schedule entry's name,
 * the function and its arguments) travels with its return, so that one message kept in the minion's spool lets the
 * master record the whole job even if it was away while the job ran. The jid is the minion's own: the master files
 * the job under a jid of its own and acknowledges the minion's with {@link ReturnAck}, so that a resent copy is
 * filed once.
 */
public record ScheduledReturn(String schedule, String function, List<Object> args, Map<String, Object> kwargs,
        long timeoutMillis, JobReturn ret) implements Message {
    static final int TYPE = 55;

    public ScheduledReturn {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(function, "function");
        args = Values.list(args);
        kwargs = Values.map(kwargs);
        Objects.requireNonNull(ret, "ret");
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("negative timeout");
        }
    }

    /** The same job with its return replaced (cut to fit a master's limits). */
    public ScheduledReturn withReturn(JobReturn cut) {
        return new ScheduledReturn(schedule, function, args, kwargs, timeoutMillis, cut);
    }

    void write(WireWriter w) {
        w.string(schedule).string(function).list(args).map(kwargs).integer(timeoutMillis);
        ret.write(w);
    }

    static ScheduledReturn read(WireReader r) throws IOException, MalformedMessageException {
        return new ScheduledReturn(r.string(), r.string(), r.list(), r.map(), r.integer(), JobReturn.read(r));
    }
}
