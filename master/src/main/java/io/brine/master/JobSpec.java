package io.brine.master;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to run and where: a target expression and its type (glob, list, pcre), a function, its arguments,
 * and how long to wait (null: the master's {@code timeout}).
 *
 * <p>Example: {@code JobSpec.of("web*", "cmd.run", "uptime").withTimeout(Duration.ofSeconds(10))}.
 */
public record JobSpec(String target, String targetType, String function, List<Object> args,
        Map<String, Object> kwargs, Duration timeout) {

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
        return new JobSpec(target, targetType, function, args, kwargs, t);
    }

    public JobSpec withKwargs(Map<String, Object> kw) {
        return new JobSpec(target, targetType, function, args, kw, timeout);
    }

    public JobSpec withTargetType(String type) {
        return new JobSpec(target, type, function, args, kwargs, timeout);
    }
}
