package io.brine.minion;

import io.brine.functions.FileProbes;
import java.util.List;

/** The reach of templates' file probes that a minion's configuration gives (docs/guest-policy.md). */
final class MinionFileProbes {
    private MinionFileProbes() {
    }

    /**
     * Open, except for the minion's keys, unless the guest owner set {@code file_roots_allowed}: then confined to
     * it, as every file function is.
     */
    static FileProbes of(MinionConfig config) {
        return config.fileRootsConfigured() ? FileProbes.CONFINED : new FileProbes(true, List.of(config.pkiDir()));
    }
}
