package io.brine.states;

import java.util.List;

/**
 * A family of state functions sharing a module name, e.g. {@code file} for {@code file.managed}.
 *
 * <p>Modules are found through {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/io.brine.states.StateModule}. A state file can only reach functions a
 * module declares here; nothing is looked up by name through reflection. Two modules declaring the
 * same {@code module.function} is an error when the engine starts.
 *
 * <pre>{@code
 * public final class FileStates implements StateModule {
 *   public String name() { return "file"; }
 *   public List<StateFunction> functions() { return List.of(new FileManaged(), new FileAbsent()); }
 * }
 * }</pre>
 */
public interface StateModule {
  /** The module part of {@code module.function}: lowercase letters, digits and '_'. */
  String name();

  /** The functions this module offers, each with its declared arguments. */
  List<StateFunction> functions();
}
