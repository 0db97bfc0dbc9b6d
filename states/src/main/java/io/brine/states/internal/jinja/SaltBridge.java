package io.brine.states.internal.jinja;

import com.hubspot.jinjava.el.ext.AbstractCallableMethod;
import io.brine.states.internal.salt.SaltFunctions;
import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code salt} variable: {@code salt['pillar.get']('x')} looks up a name here and calls what it finds (Jinjava
 * invokes a callable that a subscript yields). Every name yields a callable, so an unknown one fails when called,
 * naming itself, instead of rendering empty; {@code salt.file.dirname} reaches the same function as
 * {@code salt['file.dirname']}; what a call returns is copied to plain data like grains and pillar.
 */
final class SaltBridge extends AbstractMap<String, Object> {
    private final SaltFunctions functions;

    SaltBridge(SaltFunctions functions) {
        this.functions = functions;
    }

    @Override
    public Object get(Object name) {
        String text = String.valueOf(name);
        return text.contains(".") ? new Callable(text) : new Module(text);
    }

    @Override
    public boolean containsKey(Object name) {
        return true;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return Set.of(); // not listable: a template has no business enumerating the minion's functions
    }

    /** {@code salt.file.dirname(path)}: Salt's loader also answers a module name, whose attributes are its functions. */
    private final class Module extends AbstractMap<String, Object> {
        private final String module;

        Module(String module) {
            this.module = module;
        }

        @Override
        public Object get(Object function) {
            return new Callable(module + "." + function);
        }

        @Override
        public boolean containsKey(Object function) {
            return true;
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return Set.of();
        }
    }

    private final class Callable extends AbstractCallableMethod {
        private final String function;

        Callable(String function) {
            super(function, new LinkedHashMap<>());
            this.function = function;
        }

        @Override
        public Object doEvaluate(Map<String, Object> argMap, Map<String, Object> kwargMap, List<Object> varArgs) {
            return PlainData.copy(functions.call(function, noNones(varArgs), noNones(kwargMap)));
        }
    }

    /**
     * A template's None reaches the functions as Java's null, which is what they take for "not given":
     * {@code merge=salt['pillar.get']('x', None)} is Salt's idiom for an optional argument.
     */
    private static List<Object> noNones(List<Object> args) {
        return args.stream().map(a -> a == PyNone.NONE ? null : a).collect(java.util.stream.Collectors.toList());
    }

    private static Map<String, Object> noNones(Map<String, Object> kwargs) {
        Map<String, Object> out = new LinkedHashMap<>();
        kwargs.forEach((k, v) -> out.put(k, v == PyNone.NONE ? null : v));
        return out;
    }
}
