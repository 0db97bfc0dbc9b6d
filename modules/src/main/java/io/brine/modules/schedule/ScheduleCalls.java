package io.brine.modules.schedule;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.ScheduleControl;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What the {@code schedule.*} functions share: reaching the scheduler, and Salt's options of a change. */
final class ScheduleCalls {
    private ScheduleCalls() {
    }

    /** The minion's scheduler, or a failure saying this run has none. */
    static ScheduleControl control(FunctionContext context) throws FunctionException {
        try {
            return context.minion().schedule();
        } catch (UnsupportedOperationException e) {
            throw new FunctionException(e.getMessage() + ": the schedule.* functions need a running minion");
        }
    }

    /** {@code params} followed by Salt's options of a change: {@code test}, {@code persist}, {@code offline}. */
    static List<Param> withChangeOptions(List<Param> params) {
        List<Param> all = new ArrayList<>(params);
        all.add(Param.optional("test", Type.BOOLEAN, false, "say what would change, and change nothing"));
        all.addAll(KEEP_OPTIONS);
        return all;
    }

    /** Salt's {@code persist} and {@code offline}, which its states take too. */
    static final List<Param> KEEP_OPTIONS = List.of(
            Param.optional("persist", Type.BOOLEAN, true, "keep the change across restarts (always, in Brine)"),
            Param.optional("offline", Type.BOOLEAN, false, "change a stopped minion's schedule (not in Brine)"));

    /** The keep options given to a state, to pass on to the functions it calls. */
    static java.util.Map<String, Object> keepOptions(Arguments args) {
        java.util.Map<String, Object> given = new java.util.LinkedHashMap<>();
        KEEP_OPTIONS.forEach(p -> given.put(p.name(), args.get(p.name())));
        return given;
    }

    /** Why Brine cannot do what {@code persist} and {@code offline} ask, if it cannot. */
    static Optional<String> unsupported(Arguments args) {
        if (!args.bool("persist")) {
            return Optional.of("persist=False is not supported: Brine keeps every change made at run time in the "
                    + "minion's cachedir/schedule.json");
        }
        if (args.bool("offline")) {
            return Optional.of("offline=True is not supported: the schedule is changed through the running minion");
        }
        return Optional.empty();
    }
}
