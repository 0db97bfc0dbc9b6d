package io.brine.minion.function;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What a function may ask of the master this minion serves: its pillar, and files from the master's
 * {@code file_roots}. Calls block the job's thread until the master answers (bounded by the job's deadline).
 */
public interface MasterLink {
    /** A link for minions without a master (tests, local runs): no pillar, no files. */
    MasterLink NONE = new MasterLink() {
        @Override
        public Map<String, Object> pillar() {
            return Map.of();
        }

        @Override
        public Optional<Path> file(String path) {
            return Optional.empty();
        }
    };

    /** This minion's pillar, compiled by the master for this minion alone. */
    Map<String, Object> pillar() throws IOException;

    /**
     * A local, read-only copy of {@code brine://path} from the master's file roots, fetched only if the
     * master's version differs from the cached one; empty if the master has no such file.
     */
    Optional<Path> file(String path) throws IOException;
}
