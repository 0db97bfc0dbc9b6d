package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * Asks for part of a file under the master's file roots ({@code brine://path}). With {@code knownSha256}
 * the minion says which version it already holds, and the master answers "unchanged" without data, so a
 * minion only ever fetches what changed.
 */
public record FileRequest(long requestId, String path, long offset, int maxLength, String knownSha256)
        implements MinionRequest {
    static final int TYPE = 13;
    public static final int MAX_CHUNK = 4 * 1024 * 1024;

    public FileRequest {
        Objects.requireNonNull(path, "path");
        if (offset < 0 || maxLength < 1 || maxLength > MAX_CHUNK) {
            throw new IllegalArgumentException("bad file range: offset " + offset + ", length " + maxLength);
        }
    }

    void write(WireWriter w) {
        w.integer(requestId).string(path).integer(offset).integer(maxLength).string(knownSha256);
    }

    static FileRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new FileRequest(r.integer(), r.string(), r.integer(), r.smallInt("length", 1, MAX_CHUNK),
                r.nullableString());
    }
}
