package io.brine.functions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Salt's global state arguments {@code onlyif}, {@code unless} and {@code creates}, with Salt's meaning: skip when
 * every {@code creates} path exists; run only if every {@code onlyif} command succeeds; skip if every
 * {@code unless} command succeeds. The engine checks them for every state whose function does not take them
 * itself; the {@code cmd} states take them and run the probes with their own shell, directory and user. Both
 * decide here, so the two cannot drift apart.
 *
 * <p>The probes run in test mode too, as in Salt: they are probes by convention, and without them test mode could
 * not say whether the state would act. The minion's policy has judged each probe before, as a command the state
 * would run.
 *
 * <pre>{@code
 * Optional<StateResult> skipped = new StateGuards(List.of("test -f /etc/app.conf"), List.of(), List.of())
 *         .skip(Command::shell, ctx);
 * }</pre>
 */
public record StateGuards(List<String> onlyif, List<String> unless, List<String> creates) {
    public static final StateGuards NONE = new StateGuards(List.of(), List.of(), List.of());
    /** The arguments' names, as a state file writes them. */
    public static final List<String> NAMES = List.of("onlyif", "unless", "creates");

    public StateGuards {
        onlyif = List.copyOf(onlyif);
        unless = List.copyOf(unless);
        creates = List.copyOf(creates);
    }

    public boolean isEmpty() {
        return onlyif.isEmpty() && unless.isEmpty() && creates.isEmpty();
    }

    /**
     * A result that skips the state, or empty when it should run.
     *
     * @param command how a probe's command line is run: in a shell, or with a cmd state's own options
     */
    public Optional<StateResult> skip(Function<String, Command> command, StateContext ctx)
            throws IOException, InterruptedException {
        if (!creates.isEmpty() && creates.stream().allMatch(p -> Files.exists(Path.of(p)))) {
            return Optional.of(StateResult.ok("All files in creates exist"));
        }
        for (String probe : onlyif) {
            CommandResult r = ctx.commands().run(command.apply(probe));
            if (!r.ok()) {
                return Optional.of(StateResult.ok("onlyif condition is false: " + probe));
            }
        }
        if (!unless.isEmpty()) {
            for (String probe : unless) {
                if (!ctx.commands().run(command.apply(probe)).ok()) {
                    return Optional.empty();
                }
            }
            return Optional.of(StateResult.ok("unless condition is true"));
        }
        return Optional.empty();
    }
}
