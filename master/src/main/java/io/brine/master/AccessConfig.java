package io.brine.master;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Who may do what, and where it is written down.
 *
 * @param publisherAcl      {@code publisher_acl}: see {@link PublisherAcl}; empty by default (only local callers act)
 * @param publisherAclLocal {@code publisher_acl_local}: the master's own local callers are admin (default true)
 * @param auditLog          {@code audit_log}: the JSON-lines audit trail, default {@code cachedir/audit.jsonl}
 */
public record AccessConfig(PublisherAcl publisherAcl, boolean publisherAclLocal, Path auditLog) {
    public AccessConfig {
        Objects.requireNonNull(publisherAcl, "publisher_acl");
        Objects.requireNonNull(auditLog, "audit_log");
    }

    /** Local callers are admin, no one else may act, the audit log is in {@code cacheDir}. */
    public static AccessConfig defaults(Path cacheDir) {
        return new AccessConfig(PublisherAcl.NONE, true, cacheDir.resolve("audit.jsonl"));
    }
}
