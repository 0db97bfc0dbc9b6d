package io.brine.minion.extension;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.util.List;
import java.util.Map;

/**
 * A state function an extension's manifest declares ({@code state: true}), usable in SLS files with every
 * requisite: the executable gets {@code "test": true} in test mode, where it must change nothing, and answers
 * Salt's state result, {@code {"result": true|false|null, "comment": "...", "changes": {...}}}.
 */
final class ExtensionState implements StateFunction {
    private final String module;
    private final ExtensionManifest.Declared declared;
    private final ExtensionProcess process;

    ExtensionState(String module, ExtensionManifest.Declared declared, ExtensionProcess process) {
        this.module = module;
        this.declared = declared;
        this.process = process;
    }

    @Override
    public String name() {
        return declared.name();
    }

    @Override
    public String doc() {
        return declared.doc();
    }

    @Override
    public List<Param> params() {
        return declared.params();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
        Map<String, Object> answer;
        try {
            answer = process.call(ctx.commands(), declared.name(), args.asMap(), ctx.test(), null, ctx.grains());
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
        Object result = answer.get("result");
        if (!answer.containsKey("result") || !(result == null || result instanceof Boolean)) {
            return StateResult.failed(module + "." + declared.name()
                    + " answered no 'result' of true, false or null");
        }
        if (result == null && !ctx.test()) {
            return StateResult.failed(module + "." + declared.name()
                    + " answered a null result outside test mode, where it must say true or false");
        }
        Object changes = answer.get("changes");
        if (changes != null && !(changes instanceof Map<?, ?>)) {
            return StateResult.failed(module + "." + declared.name() + " answered 'changes' that are not a mapping");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> changed = changes == null ? Map.of() : (Map<String, Object>) changes;
        Object comment = answer.get("comment");
        return new StateResult((Boolean) result, changed, comment == null ? "" : comment.toString());
    }
}
