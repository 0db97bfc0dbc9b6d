package io.brine.jobs;

import io.brine.targeting.TargetType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One job, as every way of asking for it describes it — the CLI's request, the REST API's body, a reactor rule
 * and the Java library: what to run ({@code function}, {@code args}, {@code kwargs}), where ({@code target} read
 * as {@code targetType}), how long to wait ({@code timeout}; null: the master's {@code timeout}), how long a
 * minion that is away may still get it when it connects ({@code queue}; null: not at all, its outcome is
 * {@code not-connected}), and how many minions run it at a time ({@code batch}; null: all at once). Checked once,
 * here; who asks is not part of it (see {@code MasterClient.as}).
 *
 * <pre>{@code
 * JobSpec.of("web*", "cmd.run", "uptime").withTimeout(Duration.ofSeconds(10));
 * JobSpec.of("G@role:web", "state.apply").withTargetType(TargetType.COMPOUND).withBatch(Batch.parse("25%"));
 * }</pre>
 */
public record JobSpec(String target, TargetType targetType, String function, List<Object> args,
        Map<String, Object> kwargs, Duration timeout, Duration queue, Batch batch, SshOptions ssh) {

    public JobSpec {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(function, "function");
        if (function.isBlank()) {
            throw new IllegalArgumentException("no function named");
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (queue != null && (queue.isNegative() || queue.isZero())) {
            throw new IllegalArgumentException("queue time must be positive: " + queue);
        }
        // not List.copyOf: an argument may be null (Salt's None)
        args = args == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(args));
        kwargs = kwargs == null ? Map.of() : Map.copyOf(kwargs);
        if (ssh != null && queue != null) {
            throw new IllegalArgumentException("a job over SSH is not queued: a roster host is reached when the job runs, "
                    + "or reads not connected");
        }
    }

    /** A job for minions ({@code ssh} null): the constructor as it was before jobs over SSH. */
    public JobSpec(String target, TargetType targetType, String function, List<Object> args,
            Map<String, Object> kwargs, Duration timeout, Duration queue, Batch batch) {
        this(target, targetType, function, args, kwargs, timeout, queue, batch, null);
    }

    /** A glob-targeted job with positional arguments, the master's timeout, run on all its minions at once. */
    public static JobSpec of(String target, String function, Object... args) {
        return new JobSpec(target, TargetType.GLOB, function, Arrays.asList(args), Map.of(), null, null, null);
    }

    /** This job waiting {@code t} for returns, and letting minions run it that long; null: the master's timeout. */
    public JobSpec withTimeout(Duration t) {
        return new JobSpec(target, targetType, function, args, kwargs, t, queue, batch, ssh);
    }

    /** This job with {@code positional} as its positional arguments (null elements are Salt's None). */
    public JobSpec withArgs(List<Object> positional) {
        return new JobSpec(target, targetType, function, positional, kwargs, timeout, queue, batch, ssh);
    }

    /** This job with {@code kw} as its keyword arguments ({@code key=value} words on the command line). */
    public JobSpec withKwargs(Map<String, Object> kw) {
        return new JobSpec(target, targetType, function, args, kw, timeout, queue, batch, ssh);
    }

    /** This job with its target read as {@code type} ({@code -L}, {@code -G}, {@code -C}... on the command line). */
    public JobSpec withTargetType(TargetType type) {
        return new JobSpec(target, type, function, args, kwargs, timeout, queue, batch, ssh);
    }

    /**
     * The job also reaches a targeted minion that is not connected now, when it connects within {@code ttl};
     * until then its outcome reads {@code queued}, afterwards {@code expired}. Queued jobs survive a master restart.
     */
    public JobSpec queued(Duration ttl) {
        return new JobSpec(target, targetType, function, args, kwargs, timeout, ttl, batch, ssh);
    }

    /**
     * The job runs on the machines of the master's roster, over SSH with no minion there ({@code brine ssh}), not on
     * minions; {@code options} says how host keys are trusted. Targeting, ACL, audit and the job cache are as for
     * minions; a host that cannot be reached reads {@code not connected}.
     */
    public JobSpec overSsh(SshOptions options) {
        return new JobSpec(target, targetType, function, args, kwargs, timeout, queue, batch, options);
    }

    /**
     * The job runs on at most {@code b} minions at a time, the next starting as each returns ({@code brine run
     * -b}); a call then waits for every round, each up to the timeout.
     */
    public JobSpec withBatch(Batch b) {
        return new JobSpec(target, targetType, function, args, kwargs, timeout, queue, b, ssh);
    }
}
