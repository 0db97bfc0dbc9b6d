package io.brine.master;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * SHA-256 of the files the master serves, remembered per path with the size and modification time they were
 * computed for, as Salt's file server does: an orchestrator copies the same agent package to every VM it
 * launches, and hashing a GiB costs most of a CPU second each time. A file whose size or time changed is hashed
 * again. One rewritten to the same size within the same millisecond would keep its old hash; the minion then
 * finds that what it received does not match it and refuses the copy, so the cost is a failed copy, not a
 * wrong file. At most {@value #MAX_FILES} files are remembered, the least recently used forgotten first.
 */
final class Digests {
    static final int MAX_FILES = 10_000;

    private record Entry(long size, long modified, String sha256) {
    }

    private final Map<Path, Entry> known = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Entry> eldest) {
            return size() > MAX_FILES;
        }
    };

    /** The SHA-256 remembered for {@code file} as it was at {@code size} bytes, modified at {@code modified}. */
    synchronized Optional<String> known(Path file, long size, long modified) {
        Entry e = known.get(file);
        return e != null && e.size() == size && e.modified() == modified ? Optional.of(e.sha256()) : Optional.empty();
    }

    synchronized void remember(Path file, long size, long modified, String sha256) {
        known.put(file, new Entry(size, modified, sha256));
    }

    synchronized int size() {
        return known.size();
    }

    static String sha256(Path file) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            return sha256(in, () -> false);
        }
    }

    /**
     * The SHA-256 of what {@code file} holds, read by position (its own position untouched, so chunks may be served
     * from it meanwhile), or null if it stopped early because {@code abandoned} said nobody wants it.
     */
    static String sha256(FileChannel file, BooleanSupplier abandoned) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
        ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
        long at = 0;
        int n;
        while ((n = file.read(buf.clear(), at)) > 0) {
            if (abandoned.getAsBoolean()) {
                return null;
            }
            md.update(buf.array(), 0, n);
            at += n;
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
