package io.brine.master;

import io.brine.config.ConfigFile;
import io.brine.config.LoggingConfig;
import io.brine.config.MasterEndpoint;
import io.brine.jobs.JobSpec;
import io.brine.protocol.Frame;
import io.brine.targeting.TargetType;
import io.brine.transport.RouterLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a {@link MasterConfig} from a configuration file: each key checked (type, range, shape) and a refusal naming
 * the file, the line and the key; relative directories taken from the file's folder. Unknown keys are refused before
 * anything else is read.
 */
final class MasterConfigReader {
    private MasterConfigReader() {
    }

    static MasterConfig read(ConfigFile c) {
        c.rejectUnknown(MasterConfig.KEYS);
        Path cacheDir = c.path("cachedir", Path.of("/var/cache/brine/master"));
        Map<String, String> nodegroups = nodegroups(c);
        MasterEndpoint endpoint = MasterEndpoint.from(c); // as the local operator's client reads it too
        return new MasterConfig(
                endpoint.iface(),
                endpoint.retPort(),
                endpoint.pkiDir(),
                cacheDir,
                c.bool("auto_accept", false),
                endpoint.timeout(),
                Duration.ofHours(c.integer("keep_jobs", 24, 0, 24L * 365 * 10)),
                (int) c.integer("max_frame_size", Frame.DEFAULT_MAX_SIZE, 64 * 1024, 256L * 1024 * 1024),
                roots(c, "file_roots", Path.of("/srv/brine/states")),
                roots(c, "pillar_roots", Path.of("/srv/brine/pillar")),
                api(c), (int) c.integer("keep_jobs_count", 0, 0, 100_000_000), nodegroups, reactor(c),
                routerLimits(c), keyFiling(c), access(c, cacheDir, nodegroups), quotas(c),
                Duration.ofSeconds(c.integer("shutdown_timeout", 10, 0, 3600)), LoggingConfig.from(c),
                metrics(c), cluster(c), https(c), ssh(c, endpoint.pkiDir()));
    }

    private static SshConfig ssh(ConfigFile c, Path pkiDir) {
        SshConfig d = SshConfig.defaults(pkiDir);
        return new SshConfig(c.path("roster_file", d.rosterFile()), c.path("ssh_priv", d.priv()),
                c.path("ssh_known_hosts", d.knownHosts()),
                (int) c.integer("ssh_max_procs", d.maxProcs(), 1, SshConfig.MAX_PROCS),
                c.path("ssh_minion_jar", d.minionJar()));
    }

    /** {@code https: {interface, port, tls_cert, tls_key}}: all but {@code interface} required. */
    private static HttpsConfig https(ConfigFile c) {
        if (!c.has("https")) {
            return null;
        }
        Map<String, Object> https = c.map("https");
        for (String k : https.keySet()) {
            if (!Set.of("interface", "port", "tls_cert", "tls_key").contains(k)) {
                throw c.error("https", "unknown key 'https: " + k + "'; known: interface, port, tls_cert, tls_key");
            }
        }
        if (!(https.get("port") instanceof Integer port) || port < 0 || port > 65535) {
            throw c.error("https", "'https: port' must be a port number");
        }
        if (!(https.getOrDefault("interface", "0.0.0.0") instanceof String iface) || iface.isBlank()) {
            throw c.error("https", "'https: interface' must be an address");
        }
        if (!(https.get("tls_cert") instanceof String cert) || !(https.get("tls_key") instanceof String key)) {
            throw c.error("https", "'https' needs tls_cert and tls_key (PEM files): the transport is TLS only");
        }
        return new HttpsConfig(iface, port, Path.of(cert), Path.of(key));
    }

    private static AccessConfig access(ConfigFile c, Path cacheDir, Map<String, String> nodegroups) {
        PublisherAcl acl = PublisherAcl.NONE;
        if (c.has("publisher_acl")) {
            try {
                acl = PublisherAcl.parse(c.map("publisher_acl"), nodegroups);
            } catch (IllegalArgumentException e) {
                throw c.error("publisher_acl", "publisher_acl: " + e.getMessage());
            }
        }
        MineAcl mine = MineAcl.OPEN;
        if (c.has("mine_acl")) {
            try {
                mine = MineAcl.parse(c.map("mine_acl"), nodegroups);
            } catch (IllegalArgumentException e) {
                throw c.error("mine_acl", "mine_acl: " + e.getMessage());
            }
        }
        return new AccessConfig(acl, c.bool("publisher_acl_local", true),
                c.path("audit_log", cacheDir.resolve("audit.jsonl")), cpRoots(c), configFile(c),
                c.bool("audit_required", false), mine);
    }

    /**
     * {@code cp_roots}: a list of directories for every named caller, or a mapping of identities (and {@code '*'})
     * to lists; relative directories are taken from the configuration file's folder, as {@code file_roots}'.
     */
    private static CopyRoots cpRoots(ConfigFile c) {
        if (!c.has("cp_roots")) {
            return CopyRoots.FILE_ROOTS;
        }
        if (c.isList("cp_roots")) {
            return CopyRoots.forEveryone(directories(c, "cp_roots", c.list("cp_roots")));
        }
        Map<String, List<Path>> out = new java.util.LinkedHashMap<>();
        c.map("cp_roots").forEach((name, dirs) -> {
            String bare = name.startsWith("token:") ? name.substring(6) : name;
            if (!name.equals(CopyRoots.EVERYONE) && !io.brine.protocol.MinionId.isValid(bare)) {
                throw c.error("cp_roots", "cp_roots: '" + name + "' is not a client name, 'token:NAME' or '*'");
            }
            if (!(dirs instanceof List<?> list)) {
                throw c.error("cp_roots", "cp_roots: '" + name + "' must map to a list of directories");
            }
            out.put(name, directories(c, "cp_roots", list));
        });
        return new CopyRoots(out, false);
    }

    private static List<Path> directories(ConfigFile c, String key, List<?> dirs) {
        List<Path> out = new ArrayList<>();
        for (Object d : dirs) {
            if (!(d instanceof String s) || s.isBlank()) {
                throw c.error(key, key + ": '" + d + "' is not a directory");
            }
            out.add(configFolder(c).resolve(s).normalize());
        }
        return out;
    }

    /** Where relative paths in the file are taken from: its folder, or the working directory for built configs. */
    private static Path configFolder(ConfigFile c) {
        return c.origin().endsWith(".yaml") || c.origin().endsWith(".yml")
                ? Path.of(c.origin()).toAbsolutePath().getParent() : Path.of("");
    }

    private static java.util.Optional<Path> configFile(ConfigFile c) {
        Path p = configFolder(c).resolve(Path.of(c.origin()).getFileName());
        return (c.origin().endsWith(".yaml") || c.origin().endsWith(".yml")) ? java.util.Optional.of(p)
                : java.util.Optional.empty();
    }

    private static MinionQuotas quotas(ConfigFile c) {
        MinionQuotas d = MinionQuotas.DEFAULTS;
        return new MinionQuotas(c.integer("max_push_bytes", d.maxPushBytes(), 0, 1L << 40),
                (int) c.integer("max_return_size", d.maxReturnSize(), 4096, 256L * 1024 * 1024));
    }

    private static KeyFilingLimits keyFiling(ConfigFile c) {
        KeyFilingLimits d = KeyFilingLimits.DEFAULTS;
        return new KeyFilingLimits((int) c.integer("max_pending_keys", d.maxPendingKeys(), 0, 10_000_000),
                (int) c.integer("new_keys_per_minute", d.newKeysPerMinute(), 1, 10_000_000));
    }

    private static RouterLimits routerLimits(ConfigFile c) {
        RouterLimits d = RouterLimits.DEFAULTS;
        return d.withConnections((int) c.integer("max_connections", d.maxConnections(), 1, 10_000_000),
                (int) c.integer("max_connections_per_address", d.maxConnectionsPerAddress(), 1, 10_000_000))
                .withHandshakesPerAddress((int) c.integer("handshakes_per_address_burst",
                        d.handshakesPerAddressBurst(), 1, 10_000_000), (int) c.integer(
                        "handshakes_per_address_per_second", d.handshakesPerAddressPerSecond(), 1, 10_000_000))
                .withMaxHandshakesPerAddress((int) c.integer("max_handshakes_per_address",
                        d.maxHandshakesPerAddress(), 1, 10_000_000));
    }

    @SuppressWarnings("unchecked")
    private static List<ReactorRule> reactor(ConfigFile c) {
        if (!c.has("reactor")) {
            return List.of();
        }
        List<ReactorRule> rules = new ArrayList<>();
        for (Object item : c.list("reactor")) {
            if (!(item instanceof Map<?, ?> rule) || !(rule.get("tag") instanceof String tag)
                    || !(rule.get("fun") instanceof String fun)) {
                throw c.error("reactor", "each reactor entry needs 'tag' and 'fun'");
            }
            for (Object k : rule.keySet()) {
                if (!Set.of("tag", "fun", "tgt", "tgt_type", "arg", "kwarg").contains(String.valueOf(k))) {
                    throw c.error("reactor", "unknown reactor key '" + k + "'; known: tag, fun, tgt, tgt_type, arg, kwarg");
                }
            }
            Object arg = rule.get("arg");
            Object kwarg = rule.get("kwarg");
            if ((arg != null && !(arg instanceof List)) || (kwarg != null && !(kwarg instanceof Map))) {
                throw c.error("reactor", "reactor 'arg' must be a list and 'kwarg' a mapping");
            }
            Object tgt = rule.get("tgt") == null ? ReactorRule.EVENT_MINION : rule.get("tgt");
            Object tgtType = rule.get("tgt_type");
            if (!(tgt instanceof String) || (tgtType != null && !(tgtType instanceof String))) {
                throw c.error("reactor", "reactor 'tgt' and 'tgt_type' must be strings");
            }
            try {
                rules.add(new ReactorRule(tag, new JobSpec((String) tgt, TargetType.parse((String) tgtType), fun,
                        (List<Object>) arg, (Map<String, Object>) kwarg, null, null, null)));
            } catch (IllegalArgumentException e) {
                throw c.error("reactor", "reactor rule for '" + tag + "': " + e.getMessage());
            }
        }
        return rules;
    }

    private static Map<String, String> nodegroups(ConfigFile c) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        c.map("nodegroups").forEach((name, expr) -> {
            if (!(expr instanceof String) && !(expr instanceof List)) {
                throw c.error("nodegroups", "nodegroup '" + name + "' must be a compound expression or a list of ids");
            }
            // Salt also allows a list of ids, which is a list target.
            out.put(name, expr instanceof List<?> ids ? "L@" + String.join(",", ids.stream().map(String::valueOf).toList())
                    : (String) expr);
        });
        return out;
    }

    private static ApiConfig api(ConfigFile c) {
        if (!c.has("api")) {
            return null;
        }
        Map<String, Object> api = c.map("api");
        for (String k : api.keySet()) {
            if (!Set.of("interface", "port", "tls_cert", "tls_key", "ui").contains(k)) {
                throw c.error("api", "unknown key 'api: " + k + "'; known: interface, port, tls_cert, tls_key, ui");
            }
        }
        if (!(api.getOrDefault("ui", true) instanceof Boolean ui)) {
            throw c.error("api", "'api: ui' must be true or false");
        }
        if (!(api.get("port") instanceof Integer port) || port < 0 || port > 65535) {
            throw c.error("api", "'api: port' must be a port number");
        }
        Object cert = api.get("tls_cert");
        Object key = api.get("tls_key");
        try {
            return new ApiConfig(String.valueOf(api.getOrDefault("interface", "127.0.0.1")), port,
                    cert == null ? null : Path.of(cert.toString()), key == null ? null : Path.of(key.toString()), ui);
        } catch (IllegalArgumentException e) {
            throw c.error("api", e.getMessage());
        }
    }

    /** {@code metrics: {interface, port}}; validated as {@code api} is: a known key set and a port number. */
    private static MetricsConfig metrics(ConfigFile c) {
        if (!c.has("metrics")) {
            return null;
        }
        Map<String, Object> metrics = c.map("metrics");
        for (String k : metrics.keySet()) {
            if (!Set.of("interface", "port").contains(k)) {
                throw c.error("metrics", "unknown key 'metrics: " + k + "'; known: interface, port");
            }
        }
        if (!(metrics.get("port") instanceof Integer port) || port < 0 || port > 65535) {
            throw c.error("metrics", "'metrics: port' must be a port number");
        }
        if (!(metrics.getOrDefault("interface", "127.0.0.1") instanceof String iface) || iface.isBlank()) {
            throw c.error("metrics", "'metrics: interface' must be an address");
        }
        return new MetricsConfig(iface, port);
    }

    /** {@code cluster: {database | service, user, password_file, ssl..., pool_size}}: see {@link ClusterConfig}. */
    private static ClusterConfig cluster(ConfigFile c) {
        if (!c.has("cluster")) {
            return null;
        }
        Map<String, Object> cluster = c.map("cluster");
        for (String k : cluster.keySet()) {
            if (!ClusterConfig.KEYS.contains(k)) {
                throw c.error("cluster", "unknown key 'cluster: " + k + "'; known: "
                        + String.join(", ", new java.util.TreeSet<>(ClusterConfig.KEYS)));
            }
        }
        Object pool = cluster.getOrDefault("pool_size", 10);
        if (!(pool instanceof Integer poolSize)) {
            throw c.error("cluster", "'cluster: pool_size' must be a number");
        }
        try {
            return new ClusterConfig(text(cluster, "database"), text(cluster, "service"), text(cluster, "user"),
                    path(cluster, "password_file"), text(cluster, "sslmode"), path(cluster, "sslrootcert"),
                    path(cluster, "sslcert"), path(cluster, "sslkey"), poolSize);
        } catch (IllegalArgumentException e) {
            throw c.error("cluster", e.getMessage());
        }
    }

    private static String text(Map<String, Object> section, String key) {
        Object v = section.get(key);
        if (v != null && !(v instanceof String)) {
            throw new IllegalArgumentException("'cluster: " + key + "' must be a string");
        }
        return (String) v;
    }

    private static Path path(Map<String, Object> section, String key) {
        String v = text(section, key);
        return v == null ? null : Path.of(v);
    }

    /** Salt's {@code {base: [dir, ...]}}; relative directories are taken from the configuration file's folder. */
    private static List<Path> roots(ConfigFile c, String key, Path fallback) {
        if (!c.has(key)) {
            return List.of(fallback);
        }
        Map<String, Object> envs = c.map(key);
        for (String env : envs.keySet()) {
            if (!env.equals("base")) {
                throw c.error(key, "'" + key + "' has environment '" + env + "'; only 'base' is supported");
            }
        }
        Object dirs = envs.get("base");
        if (!(dirs instanceof List<?> list) || list.isEmpty()) {
            throw c.error(key, "'" + key + "' must map base to a list of directories");
        }
        Path base = configFolder(c);
        List<Path> out = new ArrayList<>();
        for (Object d : list) {
            out.add(base.resolve(String.valueOf(d)).normalize());
        }
        return out;
    }
}
