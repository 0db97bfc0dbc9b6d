/**
 * Salt's {@code state} execution module ({@code state.apply}, {@code state.sls}, {@code state.highstate},
 * {@code state.test}, {@code state.single}, {@code state.show_sls}): the engine's front door, so it lives with the
 * engine. Every other function module sits apart from the engine (in {@code brine-modules}) and reaches it only
 * through the context it is given; these functions are the one place that builds a {@link io.brine.states.StateJob}
 * and runs the engine, as a minion job.
 */
package io.brine.states.execution;
