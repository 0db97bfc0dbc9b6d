package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * A chunk of a file a minion sends to its master ({@code cp.push}). Chunks of one transfer share a
 * {@code transferId}; the last carries the whole file's SHA-256 and mode, and the master only moves the
 * file into place once that hash matches what it received. Each chunk is acknowledged with a
 * {@link FilePushAck}, which paces the sender and bounds memory on both sides.
 */
public record FilePush(long requestId, String transferId, String path, long offset, byte[] data, boolean last,
        String sha256, int mode) implements MinionRequest {
    static final int TYPE = 26;

    public FilePush {
        Objects.requireNonNull(transferId, "transferId");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(data, "data");
        if (offset < 0) {
            throw new IllegalArgumentException("negative offset");
        }
    }

    void write(WireWriter w) {
        w.integer(requestId).string(transferId).string(path).integer(offset).value(data).bool(last).string(sha256)
                .integer(mode);
    }

    static FilePush read(WireReader r) throws IOException, MalformedMessageException {
        long id = r.integer();
        String transfer = r.string();
        String path = r.string();
        long offset = r.integer();
        Object data = r.value();
        if (!(data instanceof byte[] bytes)) {
            throw new MalformedMessageException("file data must be binary");
        }
        return new FilePush(id, transfer, path, offset, bytes, r.bool(), r.nullableString(),
                r.smallInt("mode", 0, 07777));
    }
}
