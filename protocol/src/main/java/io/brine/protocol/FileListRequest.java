package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * Asks what lies below a directory of the master's file roots ({@code brine://dir/}, or the whole tree for
 * {@code ""}): what {@code file.recurse} copies and {@code cp.list_master} lists.
 */
public record FileListRequest(long requestId, String path) implements MinionRequest {
    static final int TYPE = 42;

    public FileListRequest {
        Objects.requireNonNull(path, "path");
    }

    void write(WireWriter w) {
        w.integer(requestId).string(path);
    }

    static FileListRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new FileListRequest(r.integer(), r.string());
    }
}
