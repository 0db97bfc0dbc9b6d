package io.brine.functions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The state tree as the master serves it: sls files and {@code brine://} sources, cached by content hash
 * ({@link StateFiles#ofMaster}).
 */
final class MasterStateFiles implements StateFiles {
    private final MasterLink master;

    MasterStateFiles(MasterLink master) {
        this.master = master;
    }

    @Override
    public Optional<String> readText(String relativePath) throws IOException {
        Optional<Path> file = master.file(relativePath);
        return file.isEmpty() ? Optional.empty() : Optional.of(Files.readString(file.get()));
    }

    @Override
    public Optional<Path> fetch(String relativePath) throws IOException {
        return master.file(relativePath);
    }

    @Override
    public Optional<List<String>> list(String relativeDir) throws IOException {
        return master.list(relativeDir);
    }
}
