/**
 * Brine's state engine: Salt-shaped SLS files compiled and applied to the local machine.
 *
 * <p>The public API is {@link io.brine.states.StateEngine}, {@link io.brine.states.StateJob},
 * {@link io.brine.states.StateOutcome} and {@link io.brine.functions.StateFiles} (with
 * {@link io.brine.states.DirectoryStateFiles} for local trees). The minion builds a job and puts
 * {@code outcome.ret()} in its job return:
 *
 * <pre>{@code
 * StateEngine engine = StateEngine.withInstalledFunctions();
 * StateOutcome out = engine.apply(new StateJob(List.of(), files, "web1", grains, pillar, false, runner));
 * }</pre>
 *
 * <p>State functions come from the one function model: a {@link io.brine.functions.FunctionModule}
 * listed in {@code META-INF/services/io.brine.functions.FunctionModule} offers
 * {@link io.brine.functions.StateFunction}s, each declaring its {@link io.brine.functions.Param}s and
 * returning a {@link io.brine.functions.StateResult}, with everything it may use passed in a
 * {@link io.brine.functions.StateContext}.
 *
 * <p>{@code io.brine.states.internal.*} (compiler, runtime, Jinja sandbox) is not API;
 * {@code io.brine.states.execution} is Salt's {@code state} execution module, which runs the engine. The
 * built-in function modules live apart from the engine, in {@code brine-modules} ({@code io.brine.modules.*}).
 */
package io.brine.states;
