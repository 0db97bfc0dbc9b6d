package io.brine.master;

import io.brine.jobs.JobFilter;
import java.util.Optional;

/**
 * Whose jobs an identity may read or kill: its own, or everyone's with {@code @jobs} (admins included).
 * Returns carry outputs, and outputs carry secrets; a publisher limited to {@code test.*} on {@code web*}
 * should not read what root ran on the database servers.
 */
final class JobVisibility {
    private JobVisibility() {
    }

    static boolean mayRead(AccessPolicy access, Principal who, String jobCaller) {
        return access.holds(who, "@jobs") || who.name().equals(jobCaller);
    }

    /** {@code filter} narrowed to what {@code who} may see; empty when it asked for someone else's jobs only. */
    static Optional<JobFilter> restrict(AccessPolicy access, Principal who, JobFilter filter) {
        if (access.holds(who, "@jobs")) {
            return Optional.of(filter);
        }
        if (filter.caller() != null && !CallerPattern.matches(filter.caller(), who.name())) {
            return Optional.empty();
        }
        return Optional.of(filter.forCaller(who.name()));
    }
}
