package io.brine.modules;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.functions.FunctionRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Calls functions the way the minion does: found in the installed registry, arguments bound, a context given. */
public final class Calls {
    public static final FunctionRegistry REGISTRY = FunctionRegistry.installed();

    private Calls() {
    }

    public static FunctionContext context(Map<String, Object> grains, Duration timeLeft) {
        return context(grains, timeLeft, MinionControl.NONE);
    }

    public static FunctionContext context(Map<String, Object> grains, Duration timeLeft, MinionControl control) {
        return new FunctionContext("minion1", "20240101000000000000", grains, MasterLink.NONE,
                Instant.now().plus(timeLeft), REGISTRY, Path.of(System.getProperty("java.io.tmpdir")), control);
    }

    /**
     * A minion that allows these {@code http_allow} patterns and {@code file_roots_allowed} roots, lets its templates
     * probe files as {@code templateFileProbes} says, and runs nothing.
     */
    public record Allowing(List<String> httpAllow, List<Path> fileRootsAllowed,
            io.brine.functions.FileProbes templateFileProbes) implements MinionControl {
        public static Allowing roots(Path... roots) {
            return new Allowing(List.of(), List.of(roots), io.brine.functions.FileProbes.CONFINED);
        }

        public static Allowing hosts(String... patterns) {
            return new Allowing(List.of(patterns), List.of(), io.brine.functions.FileProbes.CONFINED);
        }

        @Override
        public Map<String, Object> refreshGrains() {
            return Map.of();
        }

        @Override
        public List<Map<String, Object>> runningJobs() {
            return List.of();
        }
    }

    public static Object call(String name, Object... args) throws Exception {
        return call(context(Map.of(), Duration.ofMinutes(1)), name, List.of(args), Map.of());
    }

    public static Object callWith(String name, Map<String, Object> kwargs) throws Exception {
        return call(context(Map.of(), Duration.ofMinutes(1)), name, List.of(), kwargs);
    }

    public static Object call(FunctionContext context, String name, List<Object> args, Map<String, Object> kwargs)
            throws Exception {
        ExecutionFunction f = REGISTRY.find(name).orElseThrow(() -> new AssertionError(name + " is not installed"));
        return f.call(context, Arguments.bind(name, f.params(), args, kwargs));
    }
}
