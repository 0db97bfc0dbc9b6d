package io.brine.jobs;

import java.util.List;
import java.util.Objects;

/**
 * A job as the master published it: its jid, the minions it targeted, and those it could not decide on.
 *
 * <pre>{@code
 * Publication p = brine.publish(JobSpec.of("os:Debian", "pkg.upgrade").withTargetType(TargetType.GRAIN));
 * if (!p.undetermined().isEmpty()) { log("not targeted, grains unknown: " + p.undetermined()); }
 * }</pre>
 *
 * @param jid          the job's id, to look it up later
 * @param minions      the minions it was published to (empty when the target matched none: nothing was sent)
 * @param undetermined minions a grain or compound target could not decide on because the master does not know their
 *                     grains yet: not targeted, and said so rather than silently left out
 */
public record Publication(String jid, List<String> minions, List<String> undetermined) {
    public Publication {
        Objects.requireNonNull(jid, "jid");
        minions = List.copyOf(minions);
        undetermined = List.copyOf(undetermined);
    }
}
