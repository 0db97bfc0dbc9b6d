package io.brine.protocol;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/**
 * Asks the master to run an orchestration ({@code brine orchestrate}): the SLS {@code sls} from its
 * {@code file_roots}, planned only with {@code test}, {@code pillar} merged over the master's pillar for the run.
 * Answered like a call: the run is one job, its one return the run's highstate.
 */
public record OrchestrateRequest(long requestId, String sls, boolean test, Map<String, Object> pillar,
        long timeoutMillis) implements ClientRequest {
    static final int TYPE = 56;

    public OrchestrateRequest {
        Objects.requireNonNull(sls, "sls");
        pillar = Values.map(pillar);
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive");
        }
    }

    void write(WireWriter w) {
        w.integer(requestId).string(sls).bool(test).map(pillar).integer(timeoutMillis);
    }

    static OrchestrateRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new OrchestrateRequest(r.integer(), r.string(), r.bool(), r.map(), r.integer());
    }
}
