package io.brine.master;

import io.brine.fileserver.RootedFiles;
import io.brine.protocol.FileListReply;
import io.brine.protocol.FileListRequest;
import io.brine.protocol.FileReply;
import io.brine.protocol.FileRequest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;

/**
 * Serves {@code file_roots} to minions in chunks, each reply carrying the whole file's SHA-256 so the minion
 * can verify what it assembled and skip files it already holds. Hashes are cached by path, size and
 * modification time, so serving an unchanged tree costs a stat per request. Files staged for a copy
 * ({@code brine cp}) are served the same way, but only to the minions their job targets, and their hash,
 * computed while they are served, is only sure to come with the chunk that ends the file.
 */
final class FileServer {
    private record Digest(long size, String sha256) {
    }

    private final RootedFiles roots;
    private final TransferStaging staging;
    private final int maxChunk;
    private final Digests digests;
    /** A file_roots pointed at the master's own keys still never serves them. */
    private final MasterSecrets secrets;

    /**
     * The most served in one reply, whatever is asked (minions ask for a quarter MiB and adapt to what comes):
     * sealing a chunk happens on the transport's one I/O thread, and a 4 MiB chunk held every other peer's
     * messages back for milliseconds each, hundreds of milliseconds when one minion asked for them in a loop.
     */
    static final int MAX_SERVED_CHUNK = 1024 * 1024;

    FileServer(RootedFiles roots, TransferStaging staging, Digests digests, int maxFrameSize, MasterSecrets secrets) {
        this.secrets = secrets;
        this.roots = roots;
        this.staging = staging;
        this.digests = digests;
        this.maxChunk = Math.max(1024, Math.min(MAX_SERVED_CHUNK, maxFrameSize - 4096));
    }

    /** Lists a directory of the file roots for {@code file.recurse} and {@code cp.list_master}. */
    FileListReply list(FileListRequest request) throws IOException {
        try {
            // the reply must fit one frame as a file chunk does: a larger listing is refused whole, not cut
            Optional<List<String>> entries = roots.list(request.path(), FileListReply.MAX_ENTRIES, maxChunk);
            if (entries.isEmpty()) {
                return FileListReply.without(request.requestId(), FileListReply.Status.NOT_FOUND);
            }
            return new FileListReply(request.requestId(), FileListReply.Status.FOUND,
                    entries.get());
        } catch (RootedFiles.Escape e) {
            return FileListReply.without(request.requestId(), FileListReply.Status.REFUSED);
        } catch (RootedFiles.TooMany e) {
            return FileListReply.without(request.requestId(),
                    FileListReply.Status.TOO_LARGE);
        }
    }

    /** Answers {@code minionId}'s request; the id is the session's, so only a staged copy's targets get it. */
    FileReply serve(String minionId, FileRequest request) throws IOException, InterruptedException {
        if (TransferStaging.isStaged(request.path())) {
            return serveStaged(minionId, request);
        }
        Optional<Path> found;
        try {
            found = roots.find(request.path());
        } catch (RootedFiles.Escape e) {
            return FileReply.without(request.requestId(), FileReply.Status.REFUSED);
        }
        if (found.isEmpty()) {
            return FileReply.without(request.requestId(), FileReply.Status.NOT_FOUND);
        }
        Path file = found.get();
        if (secrets.holding(file).isPresent()) {
            return FileReply.without(request.requestId(), FileReply.Status.REFUSED);
        }
        Digest digest = digest(file);
        if (digest.sha256().equalsIgnoreCase(String.valueOf(request.knownSha256()))) {
            return new FileReply(request.requestId(), FileReply.Status.UNCHANGED, digest.sha256(), digest.size(),
                    request.offset(), new byte[0]);
        }
        return chunk(request, file, digest.sha256(), digest.size());
    }

    private FileReply serveStaged(String minionId, FileRequest request) throws IOException, InterruptedException {
        Optional<TransferStaging.StagedFile> found;
        try {
            found = staging.find(minionId, request.path());
        } catch (TransferStaging.Refused e) {
            return FileReply.without(request.requestId(), FileReply.Status.REFUSED);
        }
        // A source changed since it was hashed is withdrawn rather than served as a mixture of versions.
        if (found.isEmpty() || !found.get().unchanged()) {
            return FileReply.without(request.requestId(), FileReply.Status.NOT_FOUND);
        }
        TransferStaging.StagedFile f = found.get();
        long offset = Math.min(request.offset(), f.size());
        // The file's hash comes at the latest with the chunk that ends it, once its source has been hashed whole.
        if (offset + length(request, offset, f.size()) < f.size()) {
            return chunk(request, f.channel(), f.sha256IfKnown(), f.size());
        }
        Optional<String> sha256 = f.sha256();
        if (sha256.isEmpty()) {
            return FileReply.without(request.requestId(), FileReply.Status.NOT_FOUND);
        }
        return chunk(request, f.channel(), sha256.get(), f.size());
    }

    private int length(FileRequest request, long offset, long size) {
        return (int) Math.min(Math.min(request.maxLength(), maxChunk), size - offset);
    }

    private FileReply chunk(FileRequest request, Path file, String sha256, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return chunk(request, ch, sha256, size);
        }
    }

    /** Reads by position, so one channel serves every minion of a copy at once. */
    private FileReply chunk(FileRequest request, FileChannel ch, String sha256, long size) throws IOException {
        long offset = Math.min(request.offset(), size);
        int length = length(request, offset, size);
        byte[] data = new byte[length];
        ByteBuffer buf = ByteBuffer.wrap(data);
        while (buf.hasRemaining() && ch.read(buf, offset + buf.position()) > 0) {
            // keep reading until the chunk is full or the file ends
        }
        return new FileReply(request.requestId(), FileReply.Status.DATA, sha256, size, offset, data);
    }

    private Digest digest(Path file) throws IOException {
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
        long modified = attrs.lastModifiedTime().toMillis();
        Optional<String> known = digests.known(file, attrs.size(), modified);
        if (known.isPresent()) {
            return new Digest(attrs.size(), known.get());
        }
        String sha = Digests.sha256(file);
        digests.remember(file, attrs.size(), modified, sha);
        return new Digest(attrs.size(), sha);
    }
}
