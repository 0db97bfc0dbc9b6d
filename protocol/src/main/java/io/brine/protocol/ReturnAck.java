package io.brine.protocol;

import java.io.IOException;
import java.util.List;

/**
 * The master has the returns for {@code jids} on disk (or had them already): the minion may forget them. Until
 * then the minion keeps each return and sends it again after every reconnect. Acknowledgements are gathered per
 * commit of the job cache, so a minion answering a burst of jobs gets one message, not one per job.
 */
public record ReturnAck(List<String> jids) implements Message {
    static final int TYPE = 40;
    /** The most jids in one acknowledgement; more go in several. */
    public static final int MAX_JIDS = 4096;

    public ReturnAck {
        jids = List.copyOf(jids);
        if (jids.isEmpty() || jids.size() > MAX_JIDS) {
            throw new IllegalArgumentException("an acknowledgement names 1 to " + MAX_JIDS + " jids");
        }
        jids.forEach(Jid::requireValid);
    }

    void write(WireWriter w) {
        w.strings(jids);
    }

    static ReturnAck read(WireReader r) throws IOException, MalformedMessageException {
        List<String> jids = r.strings();
        try {
            return new ReturnAck(jids);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException("return ack: " + e.getMessage());
        }
    }
}
