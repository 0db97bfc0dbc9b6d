package io.brine.modules.module;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Salt's {@code module.run} and {@code module.wait}: an execution function called as a state, through the
 * state's context, so the minion's policy holds. Both of Salt's syntaxes:
 * <pre>
 * new:  - test.echo:            old:  - name: test.echo
 *         - text: hi                  - text: hi        (m_name passes a 'name' argument)
 * </pre>
 * {@code module.wait} does nothing unless a state it watches changed.
 */
final class ModuleRun implements StateFunction {
    private final boolean waits;

    ModuleRun(boolean waits) {
        this.waits = waits;
    }

    @Override
    public String name() {
        return waits ? "wait" : "run";
    }

    @Override
    public String doc() {
        return "Calls execution functions as a state: '- FUNCTION: [args]' for each, or '- name: FUNCTION' with its "
                + "keyword arguments" + (waits ? "; only when a watched state changed." : ".");
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public boolean acceptsExtraArguments() {
        return true;
    }

    /**
     * Every function it calls, judged as a job naming it; a called function that runs commands ({@code cmd.run})
     * then checks them itself, as it does for a job.
     */
    @Override
    public List<Effect> effects(Arguments args) {
        List<Effect> out = new ArrayList<>();
        calls(args).keySet().forEach(f -> out.add(new Effect.CallsFunction(f)));
        return out;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
        return waits ? StateResult.ok("module.wait runs only when a watched state changes") : run(args, ctx);
    }

    @Override
    public Optional<StateResult> onWatch(Arguments args, StateContext ctx) throws InterruptedException {
        return Optional.of(run(args, ctx));
    }

    private StateResult run(Arguments args, StateContext ctx) throws InterruptedException {
        Map<String, Call> calls = calls(args);
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Module function " + String.join(", ", calls.keySet())
                    + " is set to execute");
        }
        Map<String, Object> returns = new LinkedHashMap<>();
        for (Map.Entry<String, Call> c : calls.entrySet()) {
            try {
                FunctionResult r = ctx.functions().call(c.getKey(), c.getValue().args(), c.getValue().kwargs());
                returns.put(c.getKey(), r.ret());
                if (!r.success() || Boolean.FALSE.equals(r.ret())) {
                    return new StateResult(false, Map.of("ret", returns), c.getKey() + " failed (retcode " + r.retcode() + ")");
                }
            } catch (FunctionException e) {
                return new StateResult(false, returns.isEmpty() ? Map.of() : Map.of("ret", returns), e.getMessage());
            }
        }
        Object ret = returns.size() == 1 ? returns.values().iterator().next() : returns;
        return StateResult.changed(Map.of("ret", ret), "Module function " + String.join(", ", calls.keySet())
                + " executed");
    }

    private record Call(List<Object> args, Map<String, Object> kwargs) {
    }

    /** The functions to call, in order, each with its arguments, from either syntax. */
    private static Map<String, Call> calls(Arguments args) {
        Map<String, Call> calls = new LinkedHashMap<>();
        args.asMap().forEach((key, value) -> {
            if (key.contains(".")) { // new syntax: the function as the key
                calls.put(key, call(value));
            }
        });
        if (!calls.isEmpty()) {
            return calls;
        }
        Map<String, Object> kwargs = new LinkedHashMap<>();
        args.asMap().forEach((key, value) -> {
            if (!key.equals("name")) {
                kwargs.put(key.equals("m_name") ? "name" : key, value);
            }
        });
        calls.put(args.name(), new Call(List.of(), kwargs));
        return calls;
    }

    private static Call call(Object value) {
        List<Object> positional = new ArrayList<>();
        Map<String, Object> kwargs = new LinkedHashMap<>();
        if (value instanceof List<?> items) {
            for (Object item : items) {
                if (item instanceof Map<?, ?> m && m.size() == 1) {
                    m.forEach((k, v) -> kwargs.put(String.valueOf(k), v));
                } else {
                    positional.add(item);
                }
            }
        } else if (value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> kwargs.put(String.valueOf(k), v));
        } else if (value != null) {
            positional.add(value);
        }
        return new Call(positional, kwargs);
    }
}
