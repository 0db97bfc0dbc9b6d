package io.brine.minion;

import io.brine.config.ConfigFile;
import io.brine.config.HostChecks;
import io.brine.config.Preflight;
import io.brine.config.SettingCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a minion needs from its host, checked after its configuration is read and before it creates anything: its
 * {@code pki_dir} and {@code cachedir} are usable or can be made. A minion listens on no port, so there is no
 * address to check (and a missing event socket is only logged, as before). Messages as {@link Preflight}'s:
 * {@code /etc/brine/minion.yaml:4: pki_dir: permission denied on /etc/brine (cannot create /etc/brine/pki/minion)}.
 *
 * <pre>{@code
 * MinionConfig cfg = MinionPreflight.load(Path.of("/etc/brine/minion.yaml"));  // ConfigException on a problem
 * }</pre>
 */
public final class MinionPreflight {
    private MinionPreflight() {
    }

    /** Reads {@code file} and runs every check; throws {@link io.brine.config.ConfigException} at the first problem. */
    public static MinionConfig load(Path file) {
        ConfigFile c = ConfigFile.load(file);
        MinionConfig cfg = MinionConfig.from(c);
        new Preflight(c, checks(cfg)).require();
        return cfg;
    }

    public static List<SettingCheck> checks(MinionConfig cfg) {
        List<SettingCheck> out = new ArrayList<>();
        out.add(new SettingCheck("pki_dir", () -> HostChecks.directory(cfg.pkiDir())));
        out.add(new SettingCheck("cachedir", () -> HostChecks.directory(cfg.cacheDir())));
        return out;
    }
}
