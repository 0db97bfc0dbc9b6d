package io.brine.states.internal.jinja;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.interpret.RenderResult;
import com.hubspot.jinjava.interpret.TemplateError;
import io.brine.functions.FunctionCaller;
import io.brine.functions.StateFiles;
import io.brine.states.internal.salt.SaltFunctions;
import io.brine.functions.TemplateException;
import io.brine.functions.Templates;
import io.brine.states.internal.compiler.SlsContext;
import io.brine.states.internal.jinja.filters.SaltFilters;
import io.brine.states.internal.jinja.python.PythonInterpreter;
import io.brine.states.internal.jinja.python.PythonJinjava;
import io.brine.states.internal.jinja.python.PythonMethods;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Jinjava, locked down. Jinjava already refuses {@code getClass}, {@code forName} and
 * {@code java.lang.reflect}; on top of that templates only ever receive plain data
 * ({@link PlainData}), read includes only from the state tree ({@link StateTreeLocator}), and are
 * bounded in output size and nesting so a template cannot exhaust the minion.
 */
@SuppressWarnings("unchecked")
public final class JinjaTemplates implements Templates {
    private static final long MAX_OUTPUT = 16L * 1024 * 1024;
    private static final String INTERPRETER = "____int3rpr3t3r____";

    private final Jinjava jinjava;
    private final Map<String, Object> globals;
    private final boolean allowUndefined;

    /** Strict, as Salt renders by default ({@code allow_undefined: False}). */
    public JinjaTemplates(StateFiles files, String minionId, Map<String, Object> grains, Map<String, Object> pillar) {
        this(files, minionId, grains, pillar, false, FunctionCaller.NONE);
    }

    /**
     * @param allowUndefined Salt's {@code allow_undefined}: when false (the default) an undefined value is a render
     *     error naming file and line, as with Jinja's StrictUndefined; when true it renders as empty
     * @param minion the job's execution functions, which {@code salt[...]} calls for what touches the machine
     */
    public JinjaTemplates(StateFiles files, String minionId, Map<String, Object> grains, Map<String, Object> pillar,
            boolean allowUndefined, FunctionCaller minion) {
        this.allowUndefined = allowUndefined;
        JinjavaConfig config = JinjavaConfig.newBuilder()
                .withMaxOutputSize(MAX_OUTPUT)
                .withMaxRenderDepth(10)
                // Jinja lets a macro call itself (formulas print nested config dicts so); Jinjava refuses any cycle unless
                // told, and then bounds the depth
                .withEnableRecursiveMacroCalls(true)
                .withMaxMacroRecursionDepth(20)
                .withFailOnUnknownTokens(!allowUndefined)
                // {{ x -}} and {#- -#} trim whitespace as Jinja's do (pg_ident.conf.j2); Jinjava trims only at tags
                .withLegacyOverrides(com.hubspot.jinjava.LegacyOverrides.newBuilder()
                        .withUseTrimmingForNotesAndExpressions(true).build())
                .withElResolver(PythonMethods.chain()) // Python's str and dict methods first, then Jinjava's
                .withInterperterFactory(PythonInterpreter.FACTORY) // prints True, None, ['a'] as Jinja does
                .build();
        this.jinjava = new PythonJinjava(config); // expressions read with Python's syntax where Jinjava's differs
        // 'is none' must know PyNone, which stands for None so that strict rendering can tell it from undefined.
        this.jinjava.getGlobalContext().registerExpTest(new NoneTest());
        SaltFilters.register(this.jinjava.getGlobalContext());
        this.jinjava.setResourceLocator(new StateTreeLocator(files));
        SaltTags.registerOn(this.jinjava.getGlobalContext());
        Map<String, Object> vars = new LinkedHashMap<>();
        Map<String, Object> plainGrains = PlainData.copyMap(grains);
        plainGrains.putIfAbsent("id", minionId);
        vars.put("grains", plainGrains);
        vars.put("pillar", PlainData.copyMap(pillar));
        vars.put("minion_id", minionId);
        Map<String, Object> opts = PlainData.copyMap(Map.of("id", minionId, "allow_undefined", allowUndefined));
        vars.put("opts", opts);
        vars.put("salt", new SaltBridge(new SaltFunctions(plainGrains, (Map<String, Object>) vars.get("pillar"), opts,
                files, minion, System.getLogger("io.brine.states.templates"),
                (text, name, pipe, extra) -> RendererPipe.run(text, name, pipe, extra, this::render))));
        this.globals = vars;
    }

    @Override
    public Map<String, Object> treeFileVariables(String treePath) {
        return SlsContext.ofTemplate(treePath);
    }

    @Override
    public String render(String source, String name, Map<String, Object> extra) throws TemplateException {
        int interpreter = source.indexOf(INTERPRETER);
        if (interpreter >= 0) {
            // Jinjava hands this name the interpreter itself, whatever the context holds: no template needs it, and it
            // was the door of every published escape (the object mapper behind its config).
            throw new TemplateException(name, lineOf(source, interpreter), "templates may not use " + INTERPRETER);
        }
        Map<String, Object> vars = PlainData.freshCopies(globals); // a template's d.update() stays in its render
        if (extra != null) {
            extra.forEach((k, v) -> vars.put(k, PlainData.copy(v)));
        }
        RenderResult result;
        try {
            result = jinjava.renderForResult(source, vars);
        } catch (RuntimeException e) {
            throw new TemplateException(name, 0, "Jinja error: " + SaltWording.plain(e.getMessage()));
        }
        // Jinja finds syntax errors before it renders anything, so one of those is the error to report; else the
        // earliest line, because Jinjava lists a failed import or macro after what later tripped over its missing result
        TemplateError first = null;
        for (TemplateError error : result.getErrors()) {
            if (stopsRendering(error) && (first == null || SaltWording.isSyntax(error) && !SaltWording.isSyntax(first)
                    || SaltWording.isSyntax(error) == SaltWording.isSyntax(first) && error.getLineno() < first.getLineno())) {
                first = error;
            }
        }
        if (first != null) {
            throw new TemplateException(name, first.getLineno(), SaltWording.reason(first));
        }
        return result.getOutput();
    }

    /**
     * Jinjava reports an unknown filter, a bad call or a limit hit as a mere warning and renders on;
     * a config file rendered around such a hole is worse than no file. Only a missing property stays
     * a warning, because Jinja renders undefined values as empty and Salt templates rely on that.
     */
    private static boolean stopsRendering(TemplateError error) {
        if (error.getSeverity() == TemplateError.ErrorType.FATAL) {
            return true;
        }
        return switch (error.getReason()) {
            case UNKNOWN -> error.getItem() != TemplateError.ErrorItem.PROPERTY;
            case SYNTAX_ERROR, MISSING, EXCEPTION, INVALID_ARGUMENT, INVALID_INPUT, OUTPUT_TOO_BIG, OVER_LIMIT,
                    COLLECTION_TOO_BIG, DISABLED -> true;
            default -> false;
        };
    }

    private static int lineOf(String source, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            line += source.charAt(i) == '\n' ? 1 : 0;
        }
        return line;
    }
}
