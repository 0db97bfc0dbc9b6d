package io.brine.minion;

import java.nio.file.Path;

/**
 * What the brine-minion launcher tells the minion it starts, as system properties (packaging's brine-minion
 * script): {@value #VERSIONS}, where it keeps installed versions and restarts the minion into a new one after an
 * update (without it, a minion refuses updates: nothing would restart it or roll it back), and {@value #SELF_UPDATE}
 * {@code =false}, the guest owner's switch from {@code /etc/default/brine-minion} ({@code BRINE_SELF_UPDATE}).
 */
public final class Launcher {
    public static final String VERSIONS = "brine.launcher.versions";
    public static final String SELF_UPDATE = "brine.self_update";

    private Launcher() {
    }

    /** {@code config} as the launcher that started this process says. */
    public static MinionConfig apply(MinionConfig config) {
        UpdateSettings u = config.updates();
        String versions = System.getProperty(VERSIONS);
        if (versions != null && !versions.isBlank()) {
            u = u.launchedWith(Path.of(versions));
        }
        if ("false".equalsIgnoreCase(System.getProperty(SELF_UPDATE, ""))) {
            u = u.withoutSelfUpdate();
        }
        return config.withUpdates(u);
    }
}
