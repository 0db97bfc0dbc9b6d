package io.brine.states;

import java.util.List;
import java.util.Map;

/** A test-only module with a required argument. */
final class EchoModule implements StateModule {
  @Override
  public String name() {
    return "echo";
  }

  @Override
  public List<StateFunction> functions() {
    return List.of(new StateFunction() {
      @Override
      public String name() {
        return "say";
      }

      @Override
      public List<Param> params() {
        return List.of(Param.required("text", Param.Type.STRING, "what to say"));
      }

      @Override
      public StateResult apply(Args args, StateContext ctx) {
        return StateResult.changed(Map.of("said", args.string("text")), args.string("text"));
      }
    });
  }
}
