package io.brine.states.internal.compiler;

import io.brine.states.Param;
import io.brine.states.StateFunction;
import io.brine.states.StateModule;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Every state function by its {@code module.function} name. Built once from the installed modules;
 * a duplicate name, a malformed name, or a parameter that shadows an engine keyword is refused here
 * so a broken module fails loudly at start rather than misbehaving on some later state file.
 */
public final class FunctionRegistry {
  private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]*");

  private final Map<String, StateFunction> functions = new LinkedHashMap<>();

  public FunctionRegistry(List<StateModule> modules) {
    for (StateModule module : modules) {
      checkName(module.name(), "module", module);
      for (StateFunction fn : module.functions()) {
        checkName(fn.name(), "function", module);
        checkParams(module.name() + "." + fn.name(), fn.params());
        String full = module.name() + "." + fn.name();
        StateFunction previous = functions.putIfAbsent(full, fn);
        if (previous != null) {
          throw new IllegalStateException("state function " + full + " is registered twice: by "
              + previous.getClass().getName() + " and " + fn.getClass().getName());
        }
      }
    }
  }

  public Optional<StateFunction> find(String module, String function) {
    return Optional.ofNullable(functions.get(module + "." + function));
  }

  /** Every function's declared parameters, by sorted name: what {@code sys.doc} prints. */
  public Map<String, List<Param>> describe() {
    Map<String, List<Param>> out = new java.util.TreeMap<>();
    functions.forEach((name, fn) -> out.put(name, List.copyOf(fn.params())));
    return out;
  }

  /** All names, sorted: for error messages and {@code sys.doc}. */
  public Set<String> names() {
    return new TreeSet<>(functions.keySet());
  }

  public Set<String> functionsOf(String module) {
    Set<String> out = new TreeSet<>();
    functions.keySet().stream().filter(n -> n.startsWith(module + ".")).forEach(out::add);
    return out;
  }

  private static void checkName(String name, String what, StateModule module) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalStateException(module.getClass().getName() + " declares an invalid " + what + " name: " + name);
    }
  }

  private static void checkParams(String full, List<Param> params) {
    Set<String> seen = new HashSet<>();
    for (Param p : params) {
      if (Keywords.isReserved(p.name())) {
        throw new IllegalStateException(full + " declares parameter '" + p.name() + "', which the engine reserves");
      }
      if (!seen.add(p.name())) {
        throw new IllegalStateException(full + " declares parameter '" + p.name() + "' twice");
      }
    }
  }
}
