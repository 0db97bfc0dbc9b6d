/** Not API. Runs a compiled plan with Salt's requisite semantics, and runs processes for states. */
package io.brine.states.internal.runtime;
