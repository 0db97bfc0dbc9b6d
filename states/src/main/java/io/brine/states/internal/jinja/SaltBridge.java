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
 * naming itself, instead of rendering empty; what a call returns is copied to plain data like grains and pillar.
 */
final class SaltBridge extends AbstractMap<String, Object> {
  private final SaltFunctions functions;

  SaltBridge(SaltFunctions functions) {
    this.functions = functions;
  }

  @Override
  public Object get(Object name) {
    return new Callable(String.valueOf(name));
  }

  @Override
  public boolean containsKey(Object name) {
    return true;
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return Set.of(); // not listable: a template has no business enumerating the minion's functions
  }

  private final class Callable extends AbstractCallableMethod {
    private final String function;

    Callable(String function) {
      super(function, new LinkedHashMap<>());
      this.function = function;
    }

    @Override
    public Object doEvaluate(Map<String, Object> argMap, Map<String, Object> kwargMap, List<Object> varArgs) {
      return PlainData.copy(functions.call(function, varArgs, kwargMap));
    }
  }
}
