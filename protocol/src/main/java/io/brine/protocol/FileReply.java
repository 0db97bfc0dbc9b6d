package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * A piece of a file from the master's file roots, with the whole file's SHA-256 and size so the minion can
 * verify what it assembled. Status says why there is no data: the minion's copy is current, the file does
 * not exist, or the path was refused (it leaves the roots).
 */
public record FileReply(long requestId, Status status, String sha256, long size, long offset, byte[] data)
        implements MasterReply {
    static final int TYPE = 14;

    /** Why a reply carries data or not. */
    public enum Status { DATA, UNCHANGED, NOT_FOUND, REFUSED }

    public FileReply {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(data, "data");
        if (size < 0 || offset < 0) {
            throw new IllegalArgumentException("negative size or offset");
        }
    }

    public static FileReply without(long requestId, Status status) {
        return new FileReply(requestId, status, null, 0, 0, new byte[0]);
    }

    void write(WireWriter w) {
        w.integer(requestId).integer(status.ordinal()).string(sha256).integer(size).integer(offset).value(data);
    }

    static FileReply read(WireReader r) throws IOException, MalformedMessageException {
        long id = r.integer();
        Status[] all = Status.values();
        Status status = all[r.smallInt("file status", 0, all.length - 1)];
        String sha = r.nullableString();
        long size = r.integer();
        long offset = r.integer();
        Object data = r.value();
        if (!(data instanceof byte[] bytes)) {
            throw new MalformedMessageException("file data must be binary");
        }
        return new FileReply(id, status, sha, size, offset, bytes);
    }
}
