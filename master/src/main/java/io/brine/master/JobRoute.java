package io.brine.master;

/**
 * Where a job goes: the ids a target may select and their facts ({@code resolver}), how they are reached
 * ({@code reach}), and what they declared they run ({@code declared}, empty for machines that declared nothing).
 * Minions are one route; the roster's machines over SSH are another ({@link SshJobs}).
 */
record JobRoute(TargetResolver resolver, MinionReach reach, DeclaredFunctions declared) {
}
