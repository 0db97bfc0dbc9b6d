package io.brine.master;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to run and where: a target expression and its type (glob, list, pcre), a function, its arguments,
 * how long to wait (null: the master's {@code timeout}), and how long a minion that is away may still get it
 * when it connects ({@code queue}; null: not at all, its outcome is {@code not-connected}).
 *
 * <p>Example: {@code JobSpec.of("web*", "cmd.run", "uptime").withTimeout(Duration.ofSeconds(10))}.
 */
public record JobSpec(String target, String targetType, String function, List<Object> args,
        Map<String, Object> kwargs, Duration timeout, Duration queue) {

    /** A job not queued for minions that are away. */
    public JobSpec(String target, String targetType, String function, List<Object> args, Map<String, Object> kwargs,
            Duration timeout) {
        this(target, targetType, function, args, kwargs, timeout, null);
    }

    public JobSpec {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(function, "function");
        args = args == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(args));
        kwargs = kwargs == null ? Map.of() : Map.copyOf(kwargs);
    }

    /** A glob-targeted job with positional arguments. */
    public static JobSpec of(String target, String function, Object... args) {
        return new JobSpec(target, "glob", function, Arrays.asList(args), Map.of(), null);
    }

    public JobSpec withTimeout(Duration t) {
        return new JobSpec(target, targetType, function, args, kwargs, t, queue);
    }

    public JobSpec withKwargs(Map<String, Object> kw) {
        return new JobSpec(target, targetType, function, args, kw, timeout, queue);
    }

    public JobSpec withTargetType(String type) {
        return new JobSpec(target, type, function, args, kwargs, timeout, queue);
    }

    /**
     * The job also reaches a targeted minion that is not connected now, when it connects within {@code ttl};
     * until then its outcome reads {@code queued}, afterwards {@code expired}. Queued jobs survive a master restart.
     */
    public JobSpec queued(Duration ttl) {
        return new JobSpec(target, targetType, function, args, kwargs, timeout, ttl);
    }
}
