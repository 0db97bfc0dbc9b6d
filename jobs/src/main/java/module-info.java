/**
 * The values every caller of a master speaks, embedded ({@code io.brine.master}) or remote
 * ({@code io.brine.client}): {@link io.brine.jobs.JobSpec} (target, {@link io.brine.targeting.TargetType},
 * {@link io.brine.jobs.Batch}), the {@link io.brine.jobs.Job} it ends in with each minion's
 * {@link io.brine.jobs.MinionResult} or {@link io.brine.jobs.MinionOutcome} (derived from the facts a master keeps of
 * a job, {@link io.brine.jobs.JobState}), listings and events. The translation
 * to and from the wire's records ({@code io.brine.jobs.internal}) is shared with the client and the master alone.
 */
module io.brine.jobs {
    requires transitive io.brine.targeting;
    requires io.brine.protocol;

    exports io.brine.jobs;
    exports io.brine.jobs.internal to io.brine.client, io.brine.master;
}
