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
 */
final class CacheDirLock implements AutoCloseable {
    static final String FILE = "master.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private CacheDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** @throws IllegalStateException if another master holds the cachedir, naming its pid */
    static CacheDirLock acquire(Path cacheDir) throws IOException {
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
        return new CacheDirLock(channel, lock);
    }

    /**
     * Who holds {@code cacheDir}'s lock: its pid ("unknown" if unreadable), or empty when no master does (or the
     * lock file is missing or not ours to open). Creates nothing.
     */
    static java.util.Optional<String> holder(Path cacheDir) {
        Path file = cacheDir.resolve(FILE);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock probe;
            try {
                probe = channel.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                probe = null; // a master in this JVM holds it
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
        }
    }
}
