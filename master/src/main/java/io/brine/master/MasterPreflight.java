package io.brine.master;

import io.brine.config.ConfigFile;
import io.brine.config.Finding;
import io.brine.config.HostChecks;
import io.brine.config.Preflight;
import io.brine.config.SettingCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a master needs from its host, checked after its configuration is read and before anything is created or
 * bound: its interface is an address of this host, {@code ret_port} and the API's port are free, the API's TLS
 * files are readable, and {@code pki_dir}, {@code cachedir} and the audit log's directory are usable or can be
 * made. {@code brine master} runs these first (see {@link Preflight} for the messages); {@code brine doctor}
 * runs the same checks and prints each.
 *
 * <pre>{@code
 * MasterConfig cfg = MasterPreflight.load(Path.of("/etc/brine/master.yaml"));  // ConfigException on a problem
 * }</pre>
 */
public final class MasterPreflight {
    private MasterPreflight() {
    }

    /** Reads {@code file} and runs every check; throws {@link io.brine.config.ConfigException} at the first problem. */
    public static MasterConfig load(Path file) {
        ConfigFile c = ConfigFile.load(file);
        MasterConfig cfg = MasterConfig.from(c);
        new Preflight(c, checks(cfg)).require();
        return cfg;
    }

    /** The checks, in the order a master needs them: addresses and ports first, then files and directories. */
    public static List<SettingCheck> checks(MasterConfig cfg) {
        List<SettingCheck> out = new ArrayList<>();
        out.add(new SettingCheck("interface", () -> HostChecks.address(cfg.iface())));
        out.add(new SettingCheck("ret_port", () -> HostChecks.port(cfg.iface(), cfg.retPort())));
        ApiConfig api = cfg.api();
        if (api != null) {
            out.add(new SettingCheck("api.interface", () -> HostChecks.address(api.iface())));
            out.add(new SettingCheck("api.port", () -> api.port() == cfg.retPort() && api.port() != 0
                    ? Finding.fail("port " + api.port() + " is ret_port's too; give the API a port of its own")
                    : HostChecks.port(api.iface(), api.port())));
            if (api.tls()) {
                out.add(new SettingCheck("api.tls_cert", () -> HostChecks.readableFile(api.tlsCert())));
                out.add(new SettingCheck("api.tls_key", () -> HostChecks.readableFile(api.tlsKey())));
            }
        }
        MetricsConfig metrics = cfg.metrics();
        if (metrics != null) {
            out.add(new SettingCheck("metrics.interface", () -> HostChecks.address(metrics.iface())));
            // 0 picks a free port (tests): it clashes with nothing
            out.add(new SettingCheck("metrics.port", () -> metrics.port() != 0 && (metrics.port() == cfg.retPort()
                    || api != null && metrics.port() == api.port())
                    ? Finding.fail("port " + metrics.port() + " is taken by ret_port or api.port; give the metrics a "
                            + "port of their own")
                    : HostChecks.port(metrics.iface(), metrics.port())));
        }
        out.add(new SettingCheck("pki_dir", () -> HostChecks.directory(cfg.pkiDir())));
        out.add(new SettingCheck("cachedir", () -> HostChecks.directory(cfg.cacheDir())));
        Path auditDir = cfg.auditLog().toAbsolutePath().getParent();
        if (!auditDir.startsWith(cfg.cacheDir().toAbsolutePath())) {
            out.add(new SettingCheck("audit_log", () -> HostChecks.directory(auditDir)));
        }
        return out;
    }

    /**
     * The pid of the master running on {@code cacheDir} (it holds {@code cachedir/master.lock}), if one is: whose
     * ports are "in use" by a master that should have them. Never creates the lock file.
     */
    public static Optional<String> runningMaster(Path cacheDir) {
        return CacheDirLock.holder(cacheDir);
    }
}
