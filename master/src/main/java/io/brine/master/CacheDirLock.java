package io.brine.master;

import io.brine.config.PrivateFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Makes a cachedir one master's: {@code cachedir/master.lock}, locked for as long as the master runs and
 * holding its pid. Two masters sharing a cachedir silently merged their histories; the second one now refuses
 * to start and names the first. The lock is the kernel's, so a master that dies, even by SIGKILL, frees it.
 *
 * <p>The kernel's locks here are POSIX record locks, which belong to the process: closing <em>any</em> descriptor of
 * the file in the process drops them all. So a lock file this process holds is never opened a second time (to try
 * it, or to read its pid): {@link #HELD} answers for it instead.
 */
final class CacheDirLock implements AutoCloseable {
    static final String FILE = "master.lock";
    /**
     * The lock files this process holds, by absolute normalised path. Process-wide on purpose: it mirrors the
     * kernel's per-process lock table, which every master in this JVM shares.
     */
    private static final java.util.Set<Path> HELD = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private CacheDirLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    private static Path key(Path cacheDir) {
        return cacheDir.resolve(FILE).toAbsolutePath().normalize();
    }

    /** @throws IllegalStateException if another master holds the cachedir, naming its pid */
    static CacheDirLock acquire(Path cacheDir) throws IOException {
        Path key = key(cacheDir);
        if (!HELD.add(key)) {
            throw new IllegalStateException("another master (pid " + ProcessHandle.current().pid() + ") is using the "
                    + "cachedir " + cacheDir + " (in this very process); two masters must not share one: stop it, or "
                    + "give this one a cachedir of its own");
        }
        try {
            return lock(cacheDir, key);
        } catch (IOException | RuntimeException e) {
            HELD.remove(key);
            throw e;
        }
    }

    private static CacheDirLock lock(Path cacheDir, Path key) throws IOException {
        PrivateFiles.directory(cacheDir);
        Path file = PrivateFiles.file(cacheDir.resolve(FILE));
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            lock = null;
        }
        if (lock == null) {
            String holder = holder(channel);
            channel.close();
            throw new IllegalStateException("another master (pid " + holder + ") is using the cachedir " + cacheDir
                    + "; two masters must not share one: stop it, or give this one a cachedir of its own");
        }
        channel.truncate(0);
        channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        channel.force(false);
        return new CacheDirLock(key, channel, lock);
    }

    /**
     * Who holds {@code cacheDir}'s lock: its pid ("unknown" if unreadable), or empty when no master does (or the
     * lock file is missing or not ours to open). Creates nothing.
     */
    static java.util.Optional<String> holder(Path cacheDir) {
        if (HELD.contains(key(cacheDir))) {
            return java.util.Optional.of(String.valueOf(ProcessHandle.current().pid()));
        }
        Path file = cacheDir.resolve(FILE);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock probe;
            try {
                probe = channel.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                probe = null; // taken in this JVM since the look at HELD
            }
            if (probe != null) {
                probe.release();
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(holder(channel));
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(32);
        channel.read(buf, 0);
        String text = new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII).trim();
        return text.matches("[0-9]{1,10}") ? text : "unknown";
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            System.getLogger(CacheDirLock.class.getName()).log(System.Logger.Level.DEBUG,
                    "releasing the cachedir lock: " + e.getMessage());
        } finally {
            HELD.remove(file);
        }
    }
}
