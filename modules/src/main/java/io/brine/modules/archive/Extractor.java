package io.brine.modules.archive;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Writes checked members under the target. Before each write the parent's real path must still
 * lie inside the target (an earlier member, or something already on disk, may be a symlink
 * pointing out), and the final component is never followed. setuid, setgid and sticky bits from
 * the archive are dropped: an archive does not get to hand out privileges.
 */
final class Extractor implements ArchiveWalker.Visitor {
    private final Path target;
    private final Path realTarget;
    private final EntryGuard guard;
    private final List<Path> written = new ArrayList<>();

    Extractor(Path target) throws IOException {
        this.target = target;
        this.realTarget = target.toRealPath();
        this.guard = new EntryGuard(target);
    }

    List<Path> written() {
        return written;
    }

    @Override
    public void visit(Entry e, InputStream content) throws IOException {
        Path dest = guard.destination(e.name()).orElseThrow(() -> new IOException("refused entry " + e.name()));
        if (dest.equals(target.toAbsolutePath().normalize())) {
            return;
        }
        Files.createDirectories(dest.getParent());
        if (!dest.getParent().toRealPath().startsWith(realTarget)) {
            throw new IOException("refused entry " + e.name() + ": its directory resolves outside " + target);
        }
        switch (e.kind()) {
            case DIRECTORY -> {
                if (Files.isSymbolicLink(dest)) {
                    throw new IOException("refused entry " + e.name() + ": a symlink stands where a directory goes");
                }
                Files.createDirectories(dest);
            }
            case FILE -> {
                clear(dest);
                try (OutputStream out = Files.newOutputStream(dest, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS)) {
                    content.transferTo(out);
                }
            }
            case SYMLINK -> {
                clear(dest);
                Files.createSymbolicLink(dest, Path.of(e.link()));
            }
            case HARDLINK -> {
                Path existing = guard.destination(e.link()).orElseThrow(() -> new IOException("refused link " + e.name()));
                if (!existing.toRealPath().startsWith(realTarget)) {
                    throw new IOException("refused hard link " + e.name() + ": its source resolves outside " + target);
                }
                clear(dest);
                Files.createLink(dest, existing);
            }
            default -> throw new IOException("refused special entry " + e.name());
        }
        if (e.kind() != Entry.Kind.SYMLINK) {
            if (e.mode() >= 0) {
                Files.setPosixFilePermissions(dest, permissions(e.mode() & 0777));
            }
            Files.setLastModifiedTime(dest, FileTime.fromMillis(e.modifiedMillis()));
        }
        written.add(dest);
    }

    /** Removes a file or link standing where a member goes, so writing never follows it. */
    private static void clear(Path p) throws IOException {
        if (Files.isSymbolicLink(p) || Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
            Files.delete(p);
        }
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        PosixFilePermission[] bits = PosixFilePermission.values();
        Set<PosixFilePermission> out = EnumSet.noneOf(PosixFilePermission.class);
        // PosixFilePermission is declared OWNER_READ ... OTHERS_EXECUTE, i.e. from bit 8 down to bit 0
        for (int i = 0; i < bits.length; i++) {
            if ((mode & (1 << (8 - i))) != 0) {
                out.add(bits[i]);
            }
        }
        return out;
    }
}
