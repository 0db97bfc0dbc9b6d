package io.brine.master;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Who may do what, and where it is written down.
 *
 * @param publisherAcl      {@code publisher_acl}: see {@link PublisherAcl}; empty by default (only local callers act)
 * @param publisherAclLocal {@code publisher_acl_local}: the master's own local callers are admin (default true)
 * @param auditLog          {@code audit_log}: the JSON-lines audit trail, default {@code cachedir/audit.jsonl}
 * @param cpRoots           {@code cp_roots}: where named callers' copy sources may come from; see {@link CopyRoots}
 * @param configFile        the file this configuration was read from, if any: like the keys, never copied
 * @param auditRequired     {@code audit_required}: refuse a publish, kill, key change, copy or token change whose audit
 *                          line cannot be made durable (written and synced) first; off by default, when a line that
 *                          cannot be written waits in memory and the action goes on
 * @param mineAcl           {@code mine_acl}: which minions read which mine entries; see {@link MineAcl} (every
 *                          minion reads everything when it is not set, as in Salt)
 */
public record AccessConfig(PublisherAcl publisherAcl, boolean publisherAclLocal, Path auditLog, CopyRoots cpRoots,
        Optional<Path> configFile, boolean auditRequired, MineAcl mineAcl) {
    public AccessConfig {
        Objects.requireNonNull(mineAcl, "mine_acl");
        Objects.requireNonNull(publisherAcl, "publisher_acl");
        Objects.requireNonNull(auditLog, "audit_log");
        Objects.requireNonNull(cpRoots, "cp_roots");
        Objects.requireNonNull(configFile, "configFile");
    }

    /** No {@code mine_acl}: every minion reads every mine entry. */
    public AccessConfig(PublisherAcl publisherAcl, boolean publisherAclLocal, Path auditLog, CopyRoots cpRoots,
            Optional<Path> configFile, boolean auditRequired) {
        this(publisherAcl, publisherAclLocal, auditLog, cpRoots, configFile, auditRequired, MineAcl.OPEN);
    }

    /** Actions go on when their audit line cannot be written ({@code audit_required: false}). */
    public AccessConfig(PublisherAcl publisherAcl, boolean publisherAclLocal, Path auditLog, CopyRoots cpRoots,
            Optional<Path> configFile) {
        this(publisherAcl, publisherAclLocal, auditLog, cpRoots, configFile, false);
    }

    /** Named callers copy from {@code file_roots}; no configuration file. */
    public AccessConfig(PublisherAcl publisherAcl, boolean publisherAclLocal, Path auditLog) {
        this(publisherAcl, publisherAclLocal, auditLog, CopyRoots.FILE_ROOTS, Optional.empty());
    }

    /** Local callers are admin, no one else may act, the audit log is in {@code cacheDir}. */
    public static AccessConfig defaults(Path cacheDir) {
        return new AccessConfig(PublisherAcl.NONE, true, cacheDir.resolve("audit.jsonl"));
    }

    /** This, with named callers copying from {@code roots}. */
    public AccessConfig withCpRoots(CopyRoots roots) {
        return new AccessConfig(publisherAcl, publisherAclLocal, auditLog, roots, configFile, auditRequired, mineAcl);
    }

    /** This, refusing actions whose audit line cannot be made durable first when {@code required}. */
    public AccessConfig withAuditRequired(boolean required) {
        return new AccessConfig(publisherAcl, publisherAclLocal, auditLog, cpRoots, configFile, required, mineAcl);
    }

    /** This, with {@code mine_acl} {@code acl}. */
    public AccessConfig withMineAcl(MineAcl acl) {
        return new AccessConfig(publisherAcl, publisherAclLocal, auditLog, cpRoots, configFile, auditRequired, acl);
    }
}
