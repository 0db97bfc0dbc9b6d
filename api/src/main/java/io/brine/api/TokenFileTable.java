package io.brine.api;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The tokens in one file ({@link TokenFile}), read again whenever it changes, so that a token created or revoked
 * with {@code brine token} takes effect on a running master at once.
 */
final class TokenFileTable implements TokenTable {
    private static final Logger LOG = System.getLogger(TokenFileTable.class.getName());

    /** The entries as last read, and the file version they were read from. */
    private record Snapshot(Object fileKey, long modified, long size, List<StoredToken> tokens) {
    }

    private final Path file;
    private volatile Snapshot snapshot = new Snapshot(null, -1, -1, List.of());

    TokenFileTable(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    @Override
    public List<StoredToken> read() throws IOException {
        return TokenFile.read(file);
    }

    @Override
    public List<StoredToken> current() {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            Snapshot s = snapshot;
            Object key = a.fileKey() == null ? a.lastModifiedTime() : a.fileKey();
            if (!key.equals(s.fileKey()) || a.lastModifiedTime().toMillis() != s.modified() || a.size() != s.size()) {
                s = new Snapshot(key, a.lastModifiedTime().toMillis(), a.size(), TokenFile.read(file));
                snapshot = s;
            }
            return s.tokens();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            LOG.log(Level.ERROR, "cannot read the API token file; refusing every token: " + e.getMessage());
            return List.of();
        }
    }

    @Override
    public void update(UnaryOperator<List<StoredToken>> change) throws IOException {
        TokenFile.update(file, change);
    }

    @Override
    public String describe() {
        return file.toString();
    }

    @Override
    public void close() {
    }
}
