package io.brine.minion;

import io.brine.config.ConfigFile;
import io.brine.release.ReleaseKeys;
import java.io.IOException;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What this minion allows of signed self-updates (docs/updates.md): {@code self_update} (the guest owner's
 * switch: false refuses every update and says so), {@code update_keys} (the release public keys it trusts, files or
 * inline PEM; none: every update is refused) and {@code update_timeout} (how long a new version has to reconnect
 * and answer before the previous one comes back by itself). {@code launcherVersions} is where the brine-minion
 * launcher keeps installed versions, when it runs this minion (null otherwise).
 */
public record UpdateSettings(boolean selfUpdate, List<PublicKey> keys, Duration timeout, Path launcherVersions) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    /** Updates allowed but no key trusted: every update is refused until update_keys lists one. */
    public static final UpdateSettings DEFAULT = new UpdateSettings(true, List.of(), DEFAULT_TIMEOUT, null);

    public UpdateSettings {
        keys = List.copyOf(keys);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("update_timeout must be positive");
        }
    }

    /** The same, with the guest owner's switch off ({@code BRINE_SELF_UPDATE=false} for the launcher). */
    public UpdateSettings withoutSelfUpdate() {
        return new UpdateSettings(false, keys, timeout, launcherVersions);
    }

    /**
     * The same, for a minion the brine-minion launcher runs: it restarts the minion into a new version, kept in
     * {@code versions}, and rolls it back (null: no launcher; such a minion refuses updates).
     */
    public UpdateSettings launchedWith(Path versions) {
        return new UpdateSettings(selfUpdate, keys, timeout, versions);
    }

    static UpdateSettings from(ConfigFile c) {
        List<PublicKey> keys = new ArrayList<>();
        for (String k : c.stringList("update_keys")) {
            try {
                if (k.strip().startsWith("-----BEGIN")) {
                    keys.add(ReleaseKeys.parsePublic(k, c.where("update_keys")));
                } else if (Path.of(k).isAbsolute()) {
                    keys.add(ReleaseKeys.readPublic(Path.of(k)));
                } else {
                    throw c.error("update_keys", "update_keys lists release public keys: absolute paths or PEM "
                            + "text, not " + k);
                }
            } catch (IOException e) {
                throw c.error("update_keys", "cannot read a release key: " + e.getMessage());
            }
        }
        return new UpdateSettings(c.bool("self_update", true), keys,
                Duration.ofSeconds(c.integer("update_timeout", DEFAULT_TIMEOUT.toSeconds(), 10, 3600)), null);
    }
}
