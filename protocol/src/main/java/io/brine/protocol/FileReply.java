package io.brine.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A piece of a file from the master's file roots, with the whole file's SHA-256 and size so the minion can
 * verify what it assembled. Status says why there is no data: the minion's copy is current, the file does
 * not exist, or the path was refused (it leaves the roots).
 *
 * <p>The data is a buffer so that a received chunk can stay where it was decrypted, in its frame, instead of being
 * copied out: a quarter MiB each, on a minion's small heap. {@link #data} gives each caller its own position.
 */
public record FileReply(long requestId, Status status, String sha256, long size, long offset, ByteBuffer data)
        implements MasterReply {
    static final int TYPE = 14;

    /** Why a reply carries data or not. */
    public enum Status { DATA, UNCHANGED, NOT_FOUND, REFUSED }

    public FileReply {
        Objects.requireNonNull(status, "status");
        data = Objects.requireNonNull(data, "data").slice();
        if (size < 0 || offset < 0) {
            throw new IllegalArgumentException("negative size or offset");
        }
    }

    public FileReply(long requestId, Status status, String sha256, long size, long offset, byte[] data) {
        this(requestId, status, sha256, size, offset, ByteBuffer.wrap(data));
    }

    public static FileReply without(long requestId, Status status) {
        return new FileReply(requestId, status, null, 0, 0, new byte[0]);
    }

    /** The chunk's bytes, from position 0; a fresh view each time, so reading it moves nobody else's position. */
    @Override
    public ByteBuffer data() {
        return data.duplicate();
    }

    /** How many bytes the chunk holds. */
    public int length() {
        return data.remaining();
    }

    void write(WireWriter w) {
        w.integer(requestId).integer(status.ordinal()).string(sha256).integer(size).integer(offset).binary(data);
    }

    static FileReply read(WireReader r) throws IOException, MalformedMessageException {
        long id = r.integer();
        Status[] all = Status.values();
        Status status = all[r.smallInt("file status", 0, all.length - 1)];
        String sha = r.nullableString();
        long size = r.integer();
        long offset = r.integer();
        return new FileReply(id, status, sha, size, offset, r.binaryView());
    }
}
