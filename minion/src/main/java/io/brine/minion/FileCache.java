package io.brine.minion;

import io.brine.config.PrivateFiles;
import io.brine.protocol.FileReply;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Files from the master, stored by content hash ({@code cachedir/files/sha256/<hash>}). A fetch tells the
 * master which version it holds; an unchanged file costs one small round trip, and identical content under
 * different names is stored once. What is assembled is verified against the master's SHA-256 before use.
 */
final class FileCache {
    /** Asks the master for the chunk at {@code offset}, saying which version ({@code knownSha256}) we hold. */
    interface Fetcher {
        FileReply chunk(long offset, String knownSha256) throws IOException;
    }

    private static final int ATTEMPTS = 3;
    private final Path blobs;
    private final Path partial;
    private final Map<String, String> versions = new ConcurrentHashMap<>();

    FileCache(Path root) {
        this.blobs = root.resolve("sha256");
        this.partial = root.resolve("partial");
    }

    Optional<Path> fetch(String path, Fetcher fetcher) throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            String known = versions.get(path);
            FileReply first = fetcher.chunk(0, known);
            switch (first.status()) {
                case NOT_FOUND:
                    versions.remove(path);
                    return Optional.empty();
                case REFUSED:
                    throw new IOException("the master refused '" + path + "': it leaves the file roots");
                case UNCHANGED:
                    Path held = blob(first.sha256());
                    if (Files.exists(held)) {
                        return Optional.of(held);
                    }
                    versions.remove(path);
                    continue;
                default:
                    Path blob = blob(first.sha256());
                    if (Files.exists(blob) || download(first, fetcher, blob)) {
                        versions.put(path, first.sha256());
                        return Optional.of(blob);
                    }
            }
        }
        throw new IOException("'" + path + "' kept changing on the master while it was being fetched");
    }

    /** Assembles the file chunk by chunk; false if it changed on the master meanwhile. */
    private boolean download(FileReply first, Fetcher fetcher, Path blob) throws IOException {
        PrivateFiles.directory(partial);
        PrivateFiles.directory(blobs);
        Path temp = Files.createTempFile(partial, "fetch", ".part");
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            try (OutputStream out = new DigestOutputStream(Files.newOutputStream(temp), md);
                    WritableByteChannel chunks = Channels.newChannel(out)) {
                FileReply chunk = first;
                long offset = 0;
                while (true) {
                    if (chunk.status() != FileReply.Status.DATA || !first.sha256().equals(chunk.sha256())
                            || chunk.offset() != offset) {
                        return false;
                    }
                    chunks.write(chunk.data());
                    offset += chunk.length();
                    if (offset >= first.size() || chunk.length() == 0) {
                        break;
                    }
                    chunk = fetcher.chunk(offset, null);
                }
            }
            if (!HexFormat.of().formatHex(md.digest()).equalsIgnoreCase(first.sha256())) {
                return false;
            }
            Files.move(temp, blob, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private Path blob(String sha256) throws IOException {
        if (sha256 == null || !sha256.matches("[0-9a-fA-F]{64}")) {
            throw new IOException("the master sent a malformed file hash");
        }
        return blobs.resolve(sha256.toLowerCase());
    }
}
