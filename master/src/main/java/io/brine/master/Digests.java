package io.brine.master;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
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
        return sha256(file, () -> false);
    }

    /** The file's SHA-256, or null if it stopped early because {@code abandoned} said nobody wants it. */
    static String sha256(Path file, BooleanSupplier abandoned) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[64 * 1024];
            int n;
            while ((n = in.read(buf)) > 0) {
                if (abandoned.getAsBoolean()) {
                    return null;
                }
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
