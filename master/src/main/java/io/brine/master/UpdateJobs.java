package io.brine.master;

import io.brine.jobs.JobSpec;
import io.brine.master.internal.AuditLog;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Starts update jobs ({@code brine update}, {@link MasterClient#update}): the caller needs {@code @update}; the
 * release bundle is staged as a copy's source is, its signature read (small, by the same rules), and
 * {@value #FUNCTION} published with both. The master never judges the signature: each minion checks it against the
 * release keys its owner trusts, so a master that is taken over still cannot install anything on it.
 */
final class UpdateJobs {
    static final String FUNCTION = "update.apply";
    static final String RIGHT = "@update";
    /** A signature file is a few hundred bytes; anything much larger is not one. */
    static final int MAX_SIGNATURE = 16 * 1024;

    private final TransferStaging staging;
    private final AccessPolicy access;
    private final AuditLog audit;

    UpdateJobs(TransferStaging staging, AccessPolicy access, AuditLog audit) {
        this.staging = staging;
        this.access = access;
        this.audit = audit;
    }

    /**
     * @throws AccessDeniedException without {@code @update}
     * @throws IllegalArgumentException naming a bundle or signature the caller may not read, or a signature that
     *     cannot be one
     */
    JobPublisher.Published start(Principal caller, String target, TargetType targetType, String bundle,
            String signature, boolean allowDowngrade, Duration timeout,
            Function<JobSpec, JobPublisher.Published> publish) {
        try {
            access.checkRight(caller, RIGHT, "update minions");
        } catch (AccessDeniedException e) {
            audit.record(caller, "refused", fields(target, targetType, bundle, null, e.getMessage()));
            throw e;
        }
        String sigText;
        try {
            sigText = new String(staging.readSmall(caller, signature, MAX_SIGNATURE), StandardCharsets.UTF_8);
        } catch (CopySources.Refused | IOException e) {
            audit.record(caller, "refused", fields(target, targetType, bundle, null, "signature: " + e.getMessage()));
            throw new IllegalArgumentException("cannot read the signature " + signature + ": " + e.getMessage());
        }
        TransferStaging.Staged staged;
        try {
            staged = staging.stage(caller, List.of(bundle));
        } catch (CopySources.Refused e) {
            audit.record(caller, "refused", fields(target, targetType, bundle, null, e.getMessage()));
            throw new IllegalArgumentException(e.getMessage());
        }
        try {
            Map<String, Object> kwargs = new LinkedHashMap<>();
            kwargs.put("bundle", staged.describe().get(0));
            kwargs.put("signature", sigText);
            kwargs.put("allow_downgrade", allowDowngrade);
            JobSpec spec = new JobSpec(target, targetType, FUNCTION, List.of(), kwargs, timeout, null, null, null);
            JobPublisher.Published out = publish.apply(spec);
            staging.bind(staged, out.job());
            audit.record(caller, "update", fields(target, targetType, bundle, out.job().jid(), "staged"));
            return out;
        } catch (RuntimeException e) {
            staging.discard(staged);
            throw e;
        }
    }

    private static Map<String, Object> fields(String target, TargetType type, String bundle, String jid,
            String outcome) {
        Map<String, Object> f = new LinkedHashMap<>();
        if (jid != null) {
            f.put("jid", jid);
        }
        f.put("target", target);
        f.put("tgt_type", type.wireName());
        f.put("function", FUNCTION);
        f.put("bundle", bundle);
        f.put("outcome", outcome);
        return f;
    }
}
