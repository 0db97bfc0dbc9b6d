package io.brine.master;

import io.brine.config.ConfigFile;
import io.brine.config.LoggingConfig;
import io.brine.config.MasterEndpoint;
import io.brine.protocol.Frame;
import io.brine.transport.RouterLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The master's configuration, with Salt's key names where the concept is the same.
 *
 * @param iface        address to listen on ({@code interface})
 * @param retPort      the one port minions and clients connect to ({@code ret_port}); Brine needs no
 *                     separate publish port, so {@code publish_port} is accepted and ignored
 * @param pkiDir       keys ({@code pki_dir})
 * @param cacheDir     job cache and other state ({@code cachedir})
 * @param autoAccept   accept new minion keys without an operator ({@code auto_accept}); off by default
 * @param timeout      how long a call waits for returns, and how long a minion lets a job run, unless a
 *                     caller says otherwise ({@code timeout}, seconds)
 * @param keepJobs     how long the job cache keeps jobs ({@code keep_jobs}, hours, as in Salt)
 * @param maxFrameSize the largest frame accepted ({@code max_frame_size}, bytes)
 * @param fileRoots    state files and sources served to minions ({@code file_roots}, Salt's shape
 *                     {@code {base: [dir, ...]}}; only the base environment exists)
 * @param pillarRoots  pillar sources ({@code pillar_roots}, same shape), never served as files
 * @param api          the HTTP+JSON API ({@code api}), or null when it is off (the default)
 * @param keepJobsCount the most jobs the cache keeps ({@code keep_jobs_count}; 0: no limit)
 * @param reactor      reactions to events ({@code reactor}): see {@link ReactorRule}
 * @param nodegroups   named compound targets ({@code nodegroups}), as in Salt: {@code web: 'G@role:web and not E@canary.*'}
 * @param routerLimits what peers may spend on the master's listener: {@code max_connections} and
 *                     {@code max_connections_per_address}, {@code handshakes_per_address_burst},
 *                     {@code handshakes_per_address_per_second}, {@code max_handshakes_per_address} (the rest are
 *                     {@link RouterLimits#DEFAULTS})
 * @param keyFiling    how many unknown keys strangers may file: {@code max_pending_keys}, {@code new_keys_per_minute}
 * @param access       {@code publisher_acl}, {@code publisher_acl_local}, {@code audit_log}, {@code audit_required}
 *                     and {@code cp_roots}: see {@link AccessConfig}
 * @param quotas       {@code max_push_bytes} and {@code max_return_size}: see {@link MinionQuotas}
 * @param shutdownTimeout how long a stopping master waits for returns in flight to reach the job cache
 *                     ({@code shutdown_timeout}, s, default 10); returns not written by then were never
 *                     acknowledged, so minions send them again; job records not written are lost, and logged
 * @param logging      {@code log_file}, {@code log_level}, {@code log_level_logfile}, {@code log_format}: see
 *                     {@link LoggingConfig}
 * @param metrics      where {@code /metrics} and {@code /health} are served ({@code metrics}), or null when off
 *                     (the default)
 * @param cluster      the PostgreSQL database masters of a cluster share their state in ({@code cluster}), or null
 *                     for this master's own files and SQLite (the default)
 * @param https        where minions reach this master over HTTPS ({@code https}), or null when off (the default)
 * @param ssh          how {@code brine ssh} reaches machines with no minion: see {@link SshConfig} (null: its defaults)
 */
public record MasterConfig(String iface, int retPort, Path pkiDir, Path cacheDir, boolean autoAccept,
        Duration timeout, Duration keepJobs, int maxFrameSize, List<Path> fileRoots, List<Path> pillarRoots,
        ApiConfig api, int keepJobsCount, Map<String, String> nodegroups, List<ReactorRule> reactor,
        RouterLimits routerLimits, KeyFilingLimits keyFiling, AccessConfig access, MinionQuotas quotas,
        Duration shutdownTimeout, LoggingConfig logging, MetricsConfig metrics, ClusterConfig cluster,
        HttpsConfig https, SshConfig ssh) {

    public static final Set<String> KEYS = keys("interface", "publish_port", "ret_port", "pki_dir", "cachedir",
            "auto_accept", "timeout", "keep_jobs", "max_frame_size", "file_roots", "pillar_roots", "api",
            "keep_jobs_count", "nodegroups", "reactor", "max_connections", "max_connections_per_address",
            "handshakes_per_address_burst", "handshakes_per_address_per_second", "max_handshakes_per_address",
            "max_pending_keys", "shutdown_timeout", "new_keys_per_minute", "publisher_acl", "publisher_acl_local", "audit_log",
            "mine_acl",
            "audit_required", "max_push_bytes", "max_return_size", "metrics", "cp_roots", "cluster", "https", "roster_file",
            "ssh_priv", "ssh_known_hosts", "ssh_max_procs", "ssh_minion_jar");

    private static Set<String> keys(String... own) {
        Set<String> all = new java.util.HashSet<>(Set.of(own));
        all.addAll(LoggingConfig.KEYS);
        return Set.copyOf(all);
    }

    public MasterConfig {
        Objects.requireNonNull(iface, "interface");
        Objects.requireNonNull(pkiDir, "pki_dir");
        Objects.requireNonNull(cacheDir, "cachedir");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(keepJobs, "keep_jobs");
        fileRoots = List.copyOf(fileRoots);
        pillarRoots = List.copyOf(pillarRoots);
        nodegroups = Map.copyOf(nodegroups);
        reactor = List.copyOf(reactor);
        Objects.requireNonNull(routerLimits, "routerLimits");
        Objects.requireNonNull(keyFiling, "keyFiling");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(quotas, "quotas");
        Objects.requireNonNull(logging, "logging");
        ssh = ssh == null ? SshConfig.defaults(pkiDir) : ssh;
    }

    /**
     * A configuration without metrics and with default logging: the constructor as it was before {@code metrics}
     * and the logging keys existed.
     */
    public MasterConfig(String iface, int retPort, Path pkiDir, Path cacheDir, boolean autoAccept,
            Duration timeout, Duration keepJobs, int maxFrameSize, List<Path> fileRoots, List<Path> pillarRoots,
            ApiConfig api, int keepJobsCount, Map<String, String> nodegroups, List<ReactorRule> reactor,
            RouterLimits routerLimits, KeyFilingLimits keyFiling, AccessConfig access, MinionQuotas quotas,
            Duration shutdownTimeout) {
        this(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots, pillarRoots,
                api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, quotas, shutdownTimeout,
                LoggingConfig.DEFAULT, null, null, null, null);
    }

    /** Defaults as a packaged master would use them. */
    public static MasterConfig defaults() {
        return from(ConfigFile.of(java.util.Map.of(), "defaults"));
    }

    /** A master for tests and embedding: everything under {@code root}, listening on loopback. */
    public static MasterConfig underDirectory(Path root, int retPort) {
        return new MasterConfig("127.0.0.1", retPort, root.resolve("pki"), root.resolve("cache"), false,
                Duration.ofSeconds(30), Duration.ofHours(24), Frame.DEFAULT_MAX_SIZE, List.of(root.resolve("states")),
                List.of(root.resolve("pillar")), null, 0, Map.of(), List.of(), RouterLimits.DEFAULTS,
                KeyFilingLimits.DEFAULTS, AccessConfig.defaults(root.resolve("cache")), MinionQuotas.DEFAULTS,
                Duration.ofSeconds(10), LoggingConfig.DEFAULT, null, null, null, null);
    }

    public static MasterConfig load(Path file) {
        return from(ConfigFile.load(file));
    }

    /** The configuration {@code c} holds: see {@link MasterConfigReader}. */
    public static MasterConfig from(ConfigFile c) {
        return MasterConfigReader.read(c);
    }

    public MasterConfig withAutoAccept(boolean accept) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, accept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, quotas, shutdownTimeout,
                logging, metrics, cluster, https, ssh);
    }

    public MasterConfig withRoots(List<Path> files, List<Path> pillar) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, files,
                pillar, api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, quotas, shutdownTimeout,
                logging, metrics, cluster, https, ssh);
    }

    public MasterConfig withNodegroups(Map<String, String> groups) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, groups, reactor, routerLimits, keyFiling, access, quotas, shutdownTimeout,
                logging, metrics, cluster, https, ssh);
    }

    public MasterConfig withKeyFiling(KeyFilingLimits limits) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, nodegroups, reactor, routerLimits, limits, access, quotas, shutdownTimeout,
                logging, metrics, cluster, https, ssh);
    }

    public MasterConfig withAccess(AccessConfig a) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, a, quotas, shutdownTimeout,
                logging, metrics, cluster, https, ssh);
    }

    public MasterConfig withQuotas(MinionQuotas q) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, q, shutdownTimeout,
                logging, metrics, cluster, https, ssh);
    }

    /** The audit trail's file ({@code audit_log}). */
    public Path auditLog() {
        return access.auditLog();
    }

    public MasterConfig withApi(ApiConfig a) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, a, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, quotas, shutdownTimeout,
                logging, metrics, cluster, https, ssh);
    }

    public MasterConfig withMetrics(MetricsConfig m) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, quotas,
                shutdownTimeout, logging, m, cluster, https, ssh);
    }

    public MasterConfig withCluster(ClusterConfig c) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, quotas,
                shutdownTimeout, logging, metrics, c, https, ssh);
    }

    public MasterConfig withHttps(HttpsConfig h) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, quotas,
                shutdownTimeout, logging, metrics, cluster, h, ssh);
    }

    public MasterConfig withSsh(SshConfig s) {
        return new MasterConfig(iface, retPort, pkiDir, cacheDir, autoAccept, timeout, keepJobs, maxFrameSize, fileRoots,
                pillarRoots, api, keepJobsCount, nodegroups, reactor, routerLimits, keyFiling, access, quotas,
                shutdownTimeout, logging, metrics, cluster, https, s);
    }

    /** Where a local client connects: the interface, or loopback when listening on every address. */
    public String connectAddress() {
        return MasterEndpoint.connectAddress(iface, retPort);
    }

    /** Where the master listens and keeps its keys, as its local operator's client reads them. */
    public MasterEndpoint endpoint() {
        return new MasterEndpoint(iface, retPort, pkiDir, timeout);
    }

    /**
     * Where this master keeps the file minion {@code minionId} pushed from {@code path} ({@code cp.push}, as Salt
     * does: {@code cachedir/minions/ID/files/PATH}), for its local operator to copy out ({@code brine cp --from}).
     *
     * @throws java.io.IOException when {@code path} could lead out of that minion's folder ({@code ..}, a link)
     */
    public Path pushedFile(String minionId, String path) throws java.io.IOException {
        return io.brine.master.internal.PushedFiles.locate(cacheDir, minionId,
                io.brine.master.internal.PushedFiles.asPushed(path).orElse(path));
    }

    String bindAddress() {
        String host = iface.equals("0.0.0.0") ? "*" : iface.contains(":") ? "[" + iface + "]" : iface;
        return "tcp://" + host + ":" + (retPort == 0 ? "*" : Integer.toString(retPort));
    }
}
