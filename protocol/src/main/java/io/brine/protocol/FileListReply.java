package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * What lies below a directory of the master's file roots: paths relative to it, sorted, '/'-separated, directories
 * ending in '/', merged over the roots. Status says why there are none: no root holds the directory, the path
 * leaves the roots, or the directory holds more than {@link #MAX_ENTRIES} entries.
 */
public record FileListReply(long requestId, Status status, List<String> entries) implements MasterReply {
    static final int TYPE = 43;
    /** The most entries one reply lists; a larger directory is refused rather than cut short. */
    public static final int MAX_ENTRIES = 20_000;

    /** Why a reply lists entries or not. */
    public enum Status { FOUND, NOT_FOUND, REFUSED, TOO_LARGE }

    public FileListReply {
        Objects.requireNonNull(status, "status");
        entries = List.copyOf(entries);
        if (entries.size() > MAX_ENTRIES) {
            throw new IllegalArgumentException("more than " + MAX_ENTRIES + " entries");
        }
    }

    public static FileListReply without(long requestId, Status status) {
        return new FileListReply(requestId, status, List.of());
    }

    void write(WireWriter w) {
        w.integer(requestId).integer(status.ordinal()).strings(entries);
    }

    static FileListReply read(WireReader r) throws IOException, MalformedMessageException {
        long id = r.integer();
        Status[] all = Status.values();
        Status status = all[r.smallInt("file list status", 0, all.length - 1)];
        List<String> entries = r.strings();
        if (entries.size() > MAX_ENTRIES) {
            throw new MalformedMessageException("file list of " + entries.size() + " entries");
        }
        return new FileListReply(id, status, entries);
    }
}
