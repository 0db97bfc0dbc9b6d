package io.brine.master;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * What {@code /health} answers: whether the master listens, and whether its cachedir can be written (a file is
 * created, written, synced and removed there, so a read-only or full file system is found before a job needs it;
 * a job cache whose writes fail counts as not writable too), and whether its audit log can be appended to (it
 * fails while lines wait in memory for a disk that refused them). The file probe runs at most once per
 * {@link #PROBE_INTERVAL} and its answer is reused until then: {@code /health} is unauthenticated, and requests must
 * not be able to drive synced writes on the disk the job cache commits to.
 *
 * <pre>{@code
 * Map<String, String> failed = health.failures();   // {} when healthy, else {"cache_writable": "read-only ..."}
 * }</pre>
 */
final class MasterHealth {
    static final String PROBE = ".health-probe";
    /** Every check, in the order /health names them. */
    static final java.util.List<String> CHECKS = java.util.List.of("listening", "cache_writable", "audit_writable");
    static final java.time.Duration PROBE_INTERVAL = java.time.Duration.ofSeconds(2);

    private final BooleanSupplier listening;
    private final Path cacheDir;
    private final Supplier<String> cacheFailing;
    private final Supplier<String> auditFailing;
    /** Null for a master on its own. */
    private final Supplier<String> clusterAway;
    private long probedAt;
    private boolean probed;
    private String probeProblem;

    MasterHealth(BooleanSupplier listening, Path cacheDir, Supplier<String> cacheFailing) {
        this(listening, cacheDir, cacheFailing, () -> null);
    }

    /** As above; {@code auditFailing} says why the audit log cannot be written now, or null when it can. */
    MasterHealth(BooleanSupplier listening, Path cacheDir, Supplier<String> cacheFailing,
            Supplier<String> auditFailing) {
        this(listening, cacheDir, cacheFailing, auditFailing, null);
    }

    /**
     * As above, for a master of a cluster: {@code clusterAway} says why the cluster's database does not answer now,
     * or null when it does. That check degrades the master (it serves its own minions from memory) rather than
     * failing it: every master of a cluster loses the same database at once, and a balancer must keep them.
     */
    MasterHealth(BooleanSupplier listening, Path cacheDir, Supplier<String> cacheFailing,
            Supplier<String> auditFailing, Supplier<String> clusterAway) {
        this.clusterAway = clusterAway;
        this.auditFailing = auditFailing;
        this.listening = listening;
        this.cacheDir = cacheDir;
        this.cacheFailing = cacheFailing;
    }

    /**
     * Each failed check by name ({@code listening}, {@code cache_writable}, {@code audit_writable}) with why; empty
     * when healthy.
     */
    /** The checks this master answers, in order: {@link #CHECKS}, and {@code cluster_database} in a cluster. */
    java.util.List<String> checks() {
        if (clusterAway == null) {
            return CHECKS;
        }
        java.util.List<String> all = new java.util.ArrayList<>(CHECKS);
        all.add("cluster_database");
        return all;
    }

    /** Why this master is degraded ({@code cluster_database}: the database away), by check; empty when it is not. */
    Map<String, String> degradations() {
        String away = clusterAway == null ? null : clusterAway.get();
        return away == null ? Map.of() : Map.of("cluster_database", away);
    }

    synchronized Map<String, String> failures() {
        Map<String, String> failed = new LinkedHashMap<>();
        if (!listening.getAsBoolean()) {
            failed.put("listening", "the master is not listening (stopped, or its I/O thread died)");
        }
        String cache = cacheProblem();
        if (cache != null) {
            failed.put("cache_writable", cache);
        }
        String audit = auditFailing.get();
        if (audit != null && !databaseAway()) { // a cluster's audit trail is in its database: cluster_database says
            failed.put("audit_writable", "the audit log " + audit);
        }
        return failed;
    }

    /** Whether this master is of a cluster whose database does not answer now. */
    private boolean databaseAway() {
        return clusterAway != null && clusterAway.get() != null;
    }

    private String cacheProblem() {
        long now = System.nanoTime();
        if (!probed || now - probedAt >= PROBE_INTERVAL.toNanos()) {
            probeProblem = probe();
            probedAt = now;
            probed = true;
        }
        if (probeProblem != null) {
            return probeProblem;
        }
        String failing = cacheFailing.get();
        if (failing != null && databaseAway()) {
            // the cluster's database away: the cache's writes wait in its backlog, which cluster_database says
            return null;
        }
        return failing == null ? null : "the job cache cannot be written: " + failing;
    }

    private String probe() {
        Path probe = cacheDir.resolve(PROBE);
        try {
            Files.write(probe, new byte[] {1}, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE, StandardOpenOption.SYNC);
            Files.delete(probe);
            return null;
        } catch (IOException e) {
            return "cannot write in " + cacheDir + ": " + e;
        }
    }
}
