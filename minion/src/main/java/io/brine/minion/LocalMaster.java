package io.brine.minion;

import io.brine.functions.MasterLink;
import io.brine.fileserver.MasterlessFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The master a masterless run stands in for: files straight from the minion config's {@code file_roots}, and the
 * pillar compiled from its {@code pillar_roots} once per run (a state run asks for it more than once).
 */
final class LocalMaster implements MasterLink {
    private final MasterlessFiles files;
    private final String minionId;
    private final Supplier<Map<String, Object>> grains;
    private Map<String, Object> pillar;

    LocalMaster(MasterlessFiles files, String minionId, Supplier<Map<String, Object>> grains) {
        this.files = files;
        this.minionId = minionId;
        this.grains = grains;
    }

    @Override
    public synchronized Map<String, Object> pillar() throws IOException {
        if (pillar == null) {
            pillar = files.pillar(minionId, grains.get());
        }
        return pillar;
    }

    @Override
    public Optional<Path> file(String path) throws IOException {
        return files.file(path);
    }

    @Override
    public Optional<List<String>> list(String dir) throws IOException {
        return files.list(dir);
    }

    @Override
    public Transfer download(String path, WritableByteChannel out) throws IOException {
        Path file = files.file(path).orElseThrow(() -> new NoSuchFileException("brine://" + path));
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long size = 0;
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(64 * 1024);
            while (in.read(buffer) >= 0) {
                buffer.flip();
                sha.update(buffer.duplicate());
                size += buffer.remaining();
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                buffer.clear();
            }
        }
        return new Transfer(size, HexFormat.of().formatHex(sha.digest()));
    }
}
