package io.brine.minion;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.config.LoggingConfig;
import io.brine.functions.FunctionPolicy;
import io.brine.protocol.MinionId;
import io.brine.protocol.crypto.Fingerprint;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The minion's configuration, with Salt's key names where the concept is the same.
 *
 * @param id           this minion's id ({@code id}; default: the host name)
 * @param master       the master's host ({@code master})
 * @param masterPort   the master's {@code ret_port} ({@code master_port}); {@code publish_port} is accepted
 *                     and ignored, because Brine carries everything over that one port
 * @param masterFinger the master key's fingerprint to insist on ({@code master_finger})
 * @param masterTofu   without a finger, trust the first master key seen ({@code master_tofu}; off by default):
 *                     it is recorded in {@code pki_dir/minion_master.pub} and enforced from then on. For labs: the
 *                     first master to answer a fresh minion could be anyone's
 * @param pkiDir       this minion's keys ({@code pki_dir})
 * @param cacheDir     local state ({@code cachedir})
 * @param grains       custom grains merged over the collected ones ({@code grains})
 * @param maxJobs      how many jobs may run at once ({@code max_jobs}); more wait their turn
 * @param heartbeat    how often the minion checks that its master is still there ({@code heartbeat}, s)
 * @param httpAllow    {@code host:port} globs {@code http.query} may reach ({@code http_allow}; default none)
 * @param fileRootsConfigured whether the guest owner set {@code file_roots_allowed}: then templates' read-only
 *                     file probes are confined to it too, else they may look at the whole file system's
 *                     world-readable files (docs/guest-policy.md)
 * @param fileRootsAllowed directories file functions may read and write ({@code file_roots_allowed};
 *                     default {@code /srv/brine} and the cachedir)
 * @param eventSocket  the local socket guest scripts post events to ({@code event_socket}; default
 *                     {@code cachedir/minion.sock}, mode 0660)
 * @param eventGroup   the group allowed to use the event socket besides root ({@code event_group}; default none)
 * @param allowUndefined Salt's {@code allow_undefined}: render undefined template values as empty instead of
 *                     failing (default false, as in Salt)
 * @param functionPolicy what this minion agrees to run ({@code functions_allowed}, {@code functions_denied},
 *                     {@code cmd_allowed}); default every function and command
 * @param maxReturnSize the largest return this minion sends ({@code max_return_size}, bytes, default 4 MiB): a
 *                     larger one is truncated, longest text first, with a marker giving the original size
 * @param returnSpoolMax bytes of returns kept until the master acknowledges them ({@code return_spool_max},
 *                     default 64 MiB); beyond, the oldest are dropped with a log line
 * @param logging      {@code log_file}, {@code log_level}, {@code log_level_logfile}, {@code log_format}: see
 *                     {@link LoggingConfig}
 * @param failover     the masters to move to, in turn, when the one connected is lost (Salt's {@code master} as a
 *                     list with {@code master_type: failover}, whose first entry is {@code master}): each a host or
 *                     {@code host:port}; empty with one master. The masters must share their key (a cluster's do)
 * @param multiMaster  the other masters this minion is connected to at the same time as {@code master} (Salt's
 *                     hot-hot multi-master: {@code master} as a list, {@code master_type} left at {@code str}); each
 *                     job is taken from whichever master publishes it and returned to that master. Empty unless
 *                     hot-hot; never set together with {@code failover}. The masters must share their key
 * @param recurring    what this minion runs by itself: {@code schedule}, {@code mine_functions} and
 *                     {@code mine_interval}; see {@link RecurringSettings}
 * <p>{@code file_client}, {@code file_roots} and {@code pillar_roots}, read only by a masterless run, are
 * {@link MasterlessConfig}'s.
 */
public record MinionConfig(String id, String master, int masterPort, String masterFinger, boolean masterTofu,
        Path pkiDir,
        Path cacheDir, Map<String, Object> grains, int maxJobs, Duration heartbeat, List<String> httpAllow,
        List<Path> fileRootsAllowed, boolean fileRootsConfigured, Path eventSocket, String eventGroup,
        boolean allowUndefined,
        FunctionPolicy functionPolicy, int maxReturnSize, long returnSpoolMax, LoggingConfig logging,
        List<String> failover, List<String> multiMaster, MinionHttps https, ExtensionSources extensions,
        UpdateSettings updates, RecurringSettings recurring) {

    /** This minion with these self-update settings (tests: a release key of their own). */
    public MinionConfig withUpdates(UpdateSettings settings) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs,
                heartbeat, httpAllow, fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy,
                maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, settings, recurring);
    }

    /** This minion with these schedule and mine settings (tests: short intervals). */
    public MinionConfig withRecurring(RecurringSettings settings) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs,
                heartbeat, httpAllow, fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy,
                maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, settings);
    }

    /** This minion loading extension modules from {@code sources} (tests: a directory of their own). */
    public MinionConfig withExtensions(ExtensionSources sources) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs,
                heartbeat, httpAllow, fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy,
                maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, sources, updates, recurring);
    }

    /** The default {@code max_return_size}: half the default frame limit, leaving room for everything else. */
    public static final int DEFAULT_MAX_RETURN_SIZE = 4 * 1024 * 1024;
    public static final long DEFAULT_RETURN_SPOOL_MAX = 64L * 1024 * 1024;

    public static final Set<String> KEYS = keys("id", "master", "master_port", "publish_port", "master_finger",
            "master_tofu", "pki_dir", "cachedir", "grains", "max_jobs", "heartbeat", "http_allow", "file_roots_allowed",
            "event_socket", "event_group", "functions_allowed", "functions_denied", "cmd_allowed", "allow_undefined",
            "max_return_size", "return_spool_max", "file_client", "file_roots", "pillar_roots", "master_type",
            "transport", "master_url", "https_proxy", "ca_file", "extension_dirs", "extension_jars", "update_keys",
            "self_update", "update_timeout", "schedule", "mine_functions", "mine_interval");

    private static Set<String> keys(String... own) {
        Set<String> all = new java.util.HashSet<>(Set.of(own));
        all.addAll(LoggingConfig.KEYS);
        return Set.copyOf(all);
    }

    public MinionConfig {
        MinionId.requireValid(id);
        Objects.requireNonNull(master, "master");
        if (masterFinger != null && !Fingerprint.isWellFormed(masterFinger)) {
            throw new IllegalArgumentException("master_finger is not a SHA-256 fingerprint: " + masterFinger);
        }
        Objects.requireNonNull(pkiDir, "pki_dir");
        Objects.requireNonNull(cacheDir, "cachedir");
        grains = Map.copyOf(grains);
        if (maxJobs < 1) {
            throw new IllegalArgumentException("max_jobs must be at least 1");
        }
        Objects.requireNonNull(heartbeat, "heartbeat");
        httpAllow = List.copyOf(httpAllow);
        fileRootsAllowed = List.copyOf(fileRootsAllowed);
        Objects.requireNonNull(eventSocket, "event_socket");
        Objects.requireNonNull(functionPolicy, "functionPolicy");
        Objects.requireNonNull(logging, "logging");
        failover = List.copyOf(failover);
        multiMaster = List.copyOf(multiMaster);
        Objects.requireNonNull(extensions, "extensions");
        Objects.requireNonNull(updates, "updates");
        Objects.requireNonNull(recurring, "recurring");
        if (!failover.isEmpty() && !multiMaster.isEmpty()) {
            throw new IllegalArgumentException("a minion either fails over between its masters or is connected to all "
                    + "of them at once, not both");
        }
    }

    /**
     * A minion for tests and embedding: everything under {@code root}, talking to a master on loopback, trusting
     * the first master key it sees (set a finger with {@link #withMasterFinger} to insist on one).
     */
    public static MinionConfig underDirectory(Path root, String id, int masterPort) {
        return new MinionConfig(id, "127.0.0.1", masterPort, null, true, root.resolve("pki"), root.resolve("cache"),
                Map.of(), 64, Duration.ofSeconds(5), List.of(), List.of(root.resolve("files")), true,
                root.resolve("cache/minion.sock"), null, false, FunctionPolicy.ALLOW_ALL, DEFAULT_MAX_RETURN_SIZE,
                DEFAULT_RETURN_SPOOL_MAX, LoggingConfig.DEFAULT, List.of(), List.of(), null, ExtensionSources.NONE, UpdateSettings.DEFAULT,
                RecurringSettings.NONE);
    }

    public static MinionConfig load(Path file) {
        return from(ConfigFile.load(file));
    }

    public static MinionConfig from(ConfigFile c) {
        c.rejectUnknown(KEYS);
        String id = c.string("id", null);
        if (id == null) {
            id = hostName();
        }
        if (!MinionId.isValid(id)) {
            throw c.error("id", "invalid minion id '" + id + "': use letters, digits, '.', '_', '@' and '-'");
        }
        String finger = c.string("master_finger", null);
        if (finger != null && !Fingerprint.isWellFormed(finger)) {
            throw c.error("master_finger", "master_finger must be the master's fingerprint as printed by "
                    + "'brine key finger' (32 hex pairs separated by ':')");
        }
        Path cacheDir = c.path("cachedir", Path.of("/var/cache/brine/minion"));
        List<Path> allowed = c.has("file_roots_allowed")
                ? c.stringList("file_roots_allowed").stream().map(Path::of).toList()
                : List.of(Path.of("/srv/brine"), cacheDir); // not /tmp: any local user can plant links there
        MinionHttps https = MinionHttps.from(c);
        List<String> masters = https == null ? masters(c) : https.urls();
        boolean oneAtATime = c.string("master_type", "str").equals("failover");
        return new MinionConfig(id, masters.get(0), c.port("master_port", 4506), finger,
                c.bool("master_tofu", false),
                c.path("pki_dir", Path.of("/etc/brine/pki/minion")), cacheDir, c.map("grains"),
                (int) c.integer("max_jobs", 64, 1, 10_000),
                Duration.ofSeconds(c.integer("heartbeat", 5, 1, 3600)), c.stringList("http_allow"), allowed, c.has("file_roots_allowed"),
                c.path("event_socket", cacheDir.resolve("minion.sock")), c.string("event_group", null), c.bool("allow_undefined", false),
                policy(c), (int) c.integer("max_return_size", DEFAULT_MAX_RETURN_SIZE, 4096, 64L * 1024 * 1024),
                c.integer("return_spool_max", DEFAULT_RETURN_SPOOL_MAX, 1024 * 1024, 1L << 40), LoggingConfig.from(c),
                oneAtATime ? masters.subList(1, masters.size()) : List.of(),
                oneAtATime ? List.of() : masters.subList(1, masters.size()), https, ExtensionSources.from(c), UpdateSettings.from(c),
                RecurringSettings.from(c));
    }

    /** This minion reaching its masters over HTTPS, at {@code urls} ({@code https://host:port} each). */
    public MinionConfig withHttps(List<String> urls, Path caFile, String proxy) {
        MinionHttps h = new MinionHttps(urls, caFile, proxy);
        return new MinionConfig(id, urls.get(0), masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains,
                maxJobs, heartbeat, httpAllow, fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined,
                functionPolicy, maxReturnSize, returnSpoolMax, logging, List.of(), urls.subList(1, urls.size()), h, extensions, updates, recurring);
    }

    private static FunctionPolicy policy(ConfigFile c) {
        List<String> allowed = c.has("functions_allowed") ? c.stringList("functions_allowed") : List.of("*");
        try {
            new FunctionPolicy(allowed, List.of(), null);
        } catch (IllegalArgumentException e) {
            throw c.error("functions_allowed", e.getMessage());
        }
        try {
            new FunctionPolicy(List.of(), c.stringList("functions_denied"), null);
        } catch (IllegalArgumentException e) {
            throw c.error("functions_denied", e.getMessage());
        }
        List<String> commands = c.has("cmd_allowed") ? c.stringList("cmd_allowed") : null;
        try {
            return new FunctionPolicy(allowed, c.stringList("functions_denied"), commands);
        } catch (IllegalArgumentException e) {
            throw c.error("cmd_allowed", e.getMessage());
        }
    }

    public MinionConfig withFunctionPolicy(FunctionPolicy policy) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs, heartbeat,
                httpAllow, fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, policy, maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, recurring);
    }

    /** These masters (host or host:port each) to fail over to, in order, after {@code master}. */
    public MinionConfig withFailover(List<String> masters) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs, heartbeat,
                httpAllow, fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy, maxReturnSize, returnSpoolMax,
                logging, masters, List.of(), https, extensions, updates, recurring);
    }

    /**
     * These masters (host or host:port each) connected at the same time as {@code master}: Salt's hot-hot
     * multi-master, a job taken from whichever master publishes it and its return sent back to that master.
     */
    public MinionConfig withMultiMaster(List<String> masters) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs, heartbeat,
                httpAllow, fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy, maxReturnSize, returnSpoolMax,
                logging, List.of(), masters, https, extensions, updates, recurring);
    }

    public MinionConfig withGrains(Map<String, Object> g) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, g, maxJobs, heartbeat, httpAllow,
                fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy, maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, recurring);
    }

    public MinionConfig withMasterFinger(String finger) {
        return new MinionConfig(id, master, masterPort, finger, masterTofu, pkiDir, cacheDir, grains, maxJobs, heartbeat, httpAllow,
                fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy, maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, recurring);
    }

    public MinionConfig withHeartbeat(Duration d) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs, d, httpAllow,
                fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy, maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, recurring);
    }

    public MinionConfig withMasterPort(int port) {
        return new MinionConfig(id, master, port, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs, heartbeat, httpAllow,
                fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy, maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, recurring);
    }

    public MinionConfig withHttpAllow(List<String> allow) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs, heartbeat, allow,
                fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy, maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, recurring);
    }

    public MinionConfig withFileRootsAllowed(List<Path> roots) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs, heartbeat,
                httpAllow, roots, true, eventSocket, eventGroup, allowUndefined, functionPolicy, maxReturnSize, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, recurring);
    }

    public MinionConfig withMaxReturnSize(int bytes) {
        return new MinionConfig(id, master, masterPort, masterFinger, masterTofu, pkiDir, cacheDir, grains, maxJobs, heartbeat,
                httpAllow, fileRootsAllowed, fileRootsConfigured, eventSocket, eventGroup, allowUndefined, functionPolicy, bytes, returnSpoolMax, logging, failover, multiMaster, https, extensions, updates, recurring);
    }

    /**
     * {@code master} and the other masters, in order: a string is one master; a list is several, taken one at a
     * time with Salt's {@code master_type: failover}, or all at once (hot-hot, Salt's default for a list).
     */
    private static List<String> masters(ConfigFile c) {
        String type = c.string("master_type", "str");
        if (!type.equals("str") && !type.equals("failover")) {
            throw c.error("master_type", "master_type must be 'str' (one master, the default) or 'failover' (a list "
                    + "of masters taken in turn); Salt's 'func' and 'disable' are not supported");
        }
        if (!c.isList("master")) {
            if (type.equals("failover")) {
                throw c.error("master_type", "master_type: failover needs a list of masters in 'master'");
            }
            return checked(c, List.of(c.string("master", "127.0.0.1")));
        }
        List<String> all = c.stringList("master");
        if (all.isEmpty()) {
            throw c.error("master", "'master' is an empty list: name at least one master");
        }
        return checked(c, all);
    }

    private static List<String> checked(ConfigFile c, List<String> masters) {
        for (String entry : masters) {
            if (entry.isBlank()) {
                throw c.error("master", "'master' has an empty entry");
            }
            try {
                int port = Integer.parseInt(address(entry, 4506).replaceAll(".*:", ""));
                if (port < 1 || port > 65535) {
                    throw new NumberFormatException();
                }
            } catch (RuntimeException e) {
                throw c.error("master", "'" + entry + "' in 'master' is not a host, host:port, [v6] or [v6]:port");
            }
        }
        return masters;
    }

    /**
     * The address of {@code master}, then of each other master (to fail over to, or connected at the same time), as
     * the transport takes them.
     */
    List<String> masterAddresses() {
        List<String> out = new java.util.ArrayList<>();
        out.add(address(master, masterPort));
        failover.forEach(m -> out.add(address(m, masterPort)));
        multiMaster.forEach(m -> out.add(address(m, masterPort)));
        return out;
    }

    /** Whether this minion holds a session with each of its masters at once (Salt's hot-hot multi-master). */
    boolean hotHot() {
        return !multiMaster.isEmpty();
    }

    String masterAddress() {
        return address(master, masterPort);
    }

    /**
     * {@code tcp://host:port} for a master entry: a host or an IP address (with {@code defaultPort}), or
     * {@code host:port}, {@code [v6]} or {@code [v6]:port}; an IPv6 address without brackets is a host.
     */
    static String address(String entry, int defaultPort) {
        if (entry.startsWith("https://")) {
            return entry; // the HTTPS transport's master_url, taken as written
        }
        String host = entry;
        int port = defaultPort;
        if (entry.startsWith("[")) {
            int close = entry.indexOf(']');
            host = entry.substring(0, close + 1);
            if (close + 1 < entry.length() && entry.charAt(close + 1) == ':') {
                port = Integer.parseInt(entry.substring(close + 2));
            }
            return "tcp://" + host + ":" + port;
        }
        int colon = entry.indexOf(':');
        if (colon > 0 && colon == entry.lastIndexOf(':')) {
            host = entry.substring(0, colon);
            port = Integer.parseInt(entry.substring(colon + 1));
        } else if (colon >= 0) {
            host = "[" + entry + "]";
        }
        return "tcp://" + host + ":" + port;
    }

    private static String hostName() {
        try {
            String name = InetAddress.getLocalHost().getHostName();
            int dot = name.indexOf('.');
            return dot > 0 ? name.substring(0, dot) : name;
        } catch (UnknownHostException e) {
            throw new ConfigException("no 'id' configured and the host name cannot be determined");
        }
    }
}
