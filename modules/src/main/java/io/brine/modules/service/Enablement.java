package io.brine.modules.service;

import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/** Starting at boot or not, shared by every service state that takes {@code enable}. */
final class Enablement {
    private Enablement() {}

    /**
     * Brings boot-time enablement to {@code want} (null: leave it), recording the change.
     *
     * @return a failure, or empty when all went well
     */
    static Optional<StateResult> converge(ServiceManager pm, String service, Boolean want, boolean test,
                                                                                Map<String, Object> changes) throws IOException, InterruptedException {
        if (want == null || pm.enabled(service) == want) {
            return Optional.empty();
        }
        changes.put(want ? "enabled" : "disabled", true);
        if (!test && !pm.setEnabled(service, want)) {
            return Optional.of(new StateResult(false, Map.of(), "Failed to " + (want ? "enable " : "disable ") + service));
        }
        return Optional.empty();
    }
}
