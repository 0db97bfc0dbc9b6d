package io.brine.ssh;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * The tar stream one agentless run unpacks in its folder on the host: the minion config, the arguments, the pillar
 * and the state tree, written straight to the host as it is made (nothing of it is held whole in memory), up to a
 * bound that counts each entry's header too. A state tree past the bound ends the stream with an error saying so.
 * Only what the master's file server would serve goes: a link is followed only to a file inside its root, and
 * nothing the master withholds (its keys, its cache) goes whatever the root holds.
 */
final class RunArchive {
    /** What a tar header and its padding take per entry, at most. */
    private static final long ENTRY_OVERHEAD = 1024;

    private final TarArchiveOutputStream tar;
    private final long maxBytes;
    private final Predicate<Path> withheld;
    private long written;

    RunArchive(OutputStream out, long maxBytes, Predicate<Path> withheld) {
        this.maxBytes = maxBytes;
        this.withheld = withheld;
        this.tar = new TarArchiveOutputStream(out, StandardCharsets.UTF_8.name());
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
    }

    RunArchive text(String name, String text) throws IOException {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        count(data.length);
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setSize(data.length);
        e.setMode(0100600);
        tar.putArchiveEntry(e);
        tar.write(data);
        tar.closeArchiveEntry();
        return this;
    }

    RunArchive folder(String name) throws IOException {
        count(0);
        TarArchiveEntry e = new TarArchiveEntry(name + "/");
        e.setMode(040700);
        tar.putArchiveEntry(e);
        tar.closeArchiveEntry();
        return this;
    }

    /** {@code root}'s folders and the files the master would serve from it, under {@code name}. */
    RunArchive tree(String name, Path root) throws IOException {
        folder(name);
        if (!Files.isDirectory(root)) {
            return this; // a root the master names but has not made: an empty tree, as its file server has
        }
        Path realRoot = root.toRealPath();
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.sorted().toList();
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        for (Path p : paths) {
            if (p.equals(root)) {
                continue;
            }
            String entry = name + "/" + root.relativize(p).toString().replace('\\', '/');
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                folder(entry);
            } else if (Files.isRegularFile(p)) {
                Path real = p.toRealPath();
                if (!real.startsWith(realRoot) || withheld.test(real)) {
                    continue; // a link out of the root, or to what the master never hands out
                }
                file(entry, real);
            }
        }
        return this;
    }

    private void file(String name, Path real) throws IOException {
        long size = Files.size(real);
        count(size); // before reading it
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setSize(size);
        e.setMode(0100600);
        tar.putArchiveEntry(e);
        try (java.io.InputStream in = Files.newInputStream(real)) {
            long copied = in.transferTo(tar);
            if (copied != size) {
                throw new IOException(real + " changed while it was sent");
            }
        }
        tar.closeArchiveEntry();
    }

    private void count(long bytes) throws IOException {
        written += bytes + ENTRY_OVERHEAD;
        if (written > maxBytes) {
            throw new IOException("the state tree and pillar are larger than " + (maxBytes >> 20) + " MiB, as much as "
                    + "brine ssh sends for one run");
        }
    }

    void finish() throws IOException {
        tar.finish();
        tar.flush();
    }
}
