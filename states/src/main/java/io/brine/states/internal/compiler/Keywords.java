package io.brine.states.internal.compiler;

import java.util.Set;

/** Arguments the engine itself interprets on every state, never passed to functions (except name). */
public final class Keywords {
  static final Set<String> GENERAL = Set.of("name", "names", "order", "failhard", "use", "use_in", "retry",
      "parallel");

  private Keywords() {}

  public static boolean isReserved(String arg) {
    return GENERAL.contains(arg) || RequisiteKind.parse(arg).isPresent();
  }
}
