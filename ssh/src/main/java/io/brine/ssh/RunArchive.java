package io.brine.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * The tar archive one agentless run unpacks in its directory on the target: the minion config, the arguments, the
 * pillar and the state tree. Made in memory, up to a bound: a state tree larger than that is refused with its
 * size, never copied in part.
 */
final class RunArchive {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final TarArchiveOutputStream tar;
    private final long maxBytes;
    private long content;

    RunArchive(long maxBytes) {
        this.maxBytes = maxBytes;
        this.tar = new TarArchiveOutputStream(bytes, StandardCharsets.UTF_8.name());
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
    }

    RunArchive text(String name, String text) throws IOException {
        return file(name, text.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code root}'s regular files and folders under {@code name}; links to folders are not followed. */
    RunArchive tree(String name, Path root) throws IOException {
        directory(name);
        if (!Files.isDirectory(root)) {
            return this; // a root the master names but has not made: an empty tree, as the master itself serves
        }
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.sorted().toList();
        }
        for (Path p : paths) {
            if (p.equals(root)) {
                continue;
            }
            String entry = name + "/" + root.relativize(p).toString().replace('\\', '/');
            if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                directory(entry);
            } else if (Files.isRegularFile(p)) {
                refuseOver(Files.size(p)); // before reading it
                file(entry, Files.readAllBytes(p));
            }
        }
        return this;
    }

    RunArchive folder(String name) throws IOException {
        directory(name);
        return this;
    }

    private void directory(String name) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name + "/");
        e.setMode(040700);
        tar.putArchiveEntry(e);
        tar.closeArchiveEntry();
    }

    private RunArchive file(String name, byte[] data) throws IOException {
        refuseOver(data.length);
        content += data.length;
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setSize(data.length);
        e.setMode(0100600);
        tar.putArchiveEntry(e);
        tar.write(data);
        tar.closeArchiveEntry();
        return this;
    }

    private void refuseOver(long more) throws IOException {
        if (content + more > maxBytes) {
            throw new IOException("the state tree and pillar are larger than " + (maxBytes >> 20) + " MiB, as much as "
                    + "brine ssh copies for one run");
        }
    }

    byte[] finish() throws IOException {
        tar.finish();
        tar.close();
        return bytes.toByteArray();
    }
}
