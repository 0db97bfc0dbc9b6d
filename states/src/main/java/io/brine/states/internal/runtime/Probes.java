package io.brine.states.internal.runtime;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.states.internal.compiler.StateGuards;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code onlyif}, {@code unless} and {@code creates}, with Salt's meaning: skip when every {@code creates} path
 * exists; run only if every {@code onlyif} command succeeds; skip if every {@code unless} command succeeds. The
 * probes run in test mode too, as in Salt: they are probes by convention, and without them test mode could not
 * say whether the state would act. The minion's policy has judged each probe before, as a command the state would
 * run ({@link PolicyGate}).
 */
public final class Probes {
    private Probes() {}

    /** A result that skips the state, or empty when it should run. */
    public static Optional<StateResult> skip(StateGuards guards, Function<String, Command> command, StateContext ctx)
            throws IOException, InterruptedException {
        if (!guards.creates().isEmpty() && guards.creates().stream().allMatch(p -> Files.exists(Path.of(p)))) {
            return Optional.of(StateResult.ok("All files in creates exist"));
        }
        for (String probe : guards.onlyif()) {
            CommandResult r = ctx.commands().run(command.apply(probe));
            if (!r.ok()) {
                return Optional.of(StateResult.ok("onlyif condition is false: " + probe));
            }
        }
        if (!guards.unless().isEmpty()) {
            for (String probe : guards.unless()) {
                if (!ctx.commands().run(command.apply(probe)).ok()) {
                    return Optional.empty();
                }
            }
            return Optional.of(StateResult.ok("unless condition is true"));
        }
        return Optional.empty();
    }
}
