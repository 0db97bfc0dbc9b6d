package io.brine.modules.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Salt's deprecated {@code cmd.wait} and {@code cmd.wait_script}: on its own the state does nothing and succeeds;
 * only when something it {@code watch}es changed does it run, exactly as the state it waits for would. Formulas
 * written before {@code onchanges} existed (firewalld, ufw) still use it.
 *
 * <pre>{@code
 * reload-firewall:
 *   cmd.wait:
 *     - name: firewall-cmd --reload
 *     - watch:
 *       - file: /etc/firewalld/zones/public.xml
 * }</pre>
 */
final class WaitingState implements StateFunction {
    private final String name;
    private final StateFunction whenWatched;

    /** @param whenWatched the state whose effect a fired watch produces ({@code cmd.run} for {@code cmd.wait}) */
    WaitingState(String name, StateFunction whenWatched) {
        this.name = name;
        this.whenWatched = whenWatched;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Param> params() {
        return whenWatched.params();
    }

    @Override
    public String doc() {
        return "Deprecated: runs like cmd." + whenWatched.name() + ", but only when a watched state changed.";
    }

    /** What it runs when a watch fires, judged whether or not one does: the plan shows a refusal either way. */
    @Override
    public List<Effect> effects(Arguments args) {
        return whenWatched.effects(args);
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) {
        try {
            CommandOptions.of("cmd." + name, args);
        } catch (io.brine.functions.FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
        return StateResult.ok("");
    }

    @Override
    public Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        return Optional.of(whenWatched.apply(args, ctx));
    }
}
