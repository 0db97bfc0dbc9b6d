package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/** A minion's result for a job. The minion's id is not in the message: the master takes it from the session. */
public record JobReturn(String jid, MinionReturn result) implements Message {
    static final int TYPE = 12;

    public JobReturn {
        Jid.requireValid(jid);
        Objects.requireNonNull(result, "result");
    }

    void write(WireWriter w) {
        w.string(jid);
        result.write(w);
    }

    static JobReturn read(WireReader r) throws IOException, MalformedMessageException {
        return new JobReturn(r.string(), MinionReturn.read(r));
    }
}
