package io.brine.master;

import io.brine.jobs.JobSpec;
import io.brine.master.internal.AuditLog;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Starts copy jobs ({@code brine cp}, {@link MasterClient#copy}): the sources staged for one job whose minions fetch
 * them ({@code cp.recv}), the job published, and both audited with every source by its full path, refused or
 * copied. The staging ends with the job, so the names it hands out are worthless afterwards.
 */
final class CopyJobs {
    /** The minion function that fetches staged files; only the master publishes it with staged names. */
    static final String COPY_FUNCTION = "cp.recv";

    private final TransferStaging staging;
    private final AuditLog audit;

    CopyJobs(TransferStaging staging, AuditLog audit) {
        this.staging = staging;
        this.audit = audit;
    }

    /**
     * Stages {@code sources} (paths on the master's host, opened as {@code caller} may read them: see
     * {@link CopySources}) and publishes the copy job through {@code publish} (the client's front door).
     *
     * @throws IllegalArgumentException naming the first source {@code caller} may not copy
     */
    JobPublisher.Published start(Principal caller, String target, TargetType targetType, List<String> sources,
            String dest, Duration timeout, io.brine.jobs.SshOptions ssh,
            Function<JobSpec, JobPublisher.Published> publish) {
        TransferStaging.Staged staged;
        try {
            staged = staging.stage(caller, sources);
        } catch (CopySources.Refused e) {
            audit.record(caller, "refused", copyAudit(target, targetType, sources, dest, null,
                    e.getMessage() + " (" + e.reason + ")"));
            throw new IllegalArgumentException(e.getMessage());
        }
        try {
            JobSpec copy = new JobSpec(target, targetType, COPY_FUNCTION, List.of(),
                    Map.of("files", staged.describe(), "dest", dest), timeout, null, null, ssh);
            JobPublisher.Published out = publish.apply(copy);
            staging.bind(staged, out.job());
            audit.record(caller, "copy", copyAudit(target, targetType, sources, dest, out.job().jid(), "staged"));
            return out;
        } catch (RuntimeException e) {
            staging.discard(staged);
            throw e;
        }
    }

    private static Map<String, Object> copyAudit(String target, TargetType type, List<String> sources, String dest,
            String jid, String outcome) {
        Map<String, Object> f = new LinkedHashMap<>();
        if (jid != null) {
            f.put("jid", jid);
        }
        f.put("target", target);
        f.put("tgt_type", type.wireName());
        f.put("function", COPY_FUNCTION);
        f.put("sources", sources);
        f.put("dest", dest);
        f.put("outcome", outcome);
        return f;
    }
}
