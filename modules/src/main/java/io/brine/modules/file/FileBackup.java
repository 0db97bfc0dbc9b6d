package io.brine.modules.file;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Salt's {@code backup} of {@code file.replace}: a changed file's old content kept beside it as its name with an
 * extension ({@code sshd_config.bak}), in the same directory handle, with the file's mode, replacing an earlier
 * backup. The backup is never reached through a link: one in its place is refused rather than written through.
 */
final class FileBackup {
    private FileBackup() {
    }

    static void keep(ConfinedFiles.Target at, String extension, ByteBuffer content)
            throws IOException, FunctionException {
        Path name = Path.of(at.name() + extension);
        PosixFileAttributes original = ConfinedFiles.attributesOrNull(at.dir(), at.name());
        PosixFileAttributes earlier = ConfinedFiles.attributesOrNull(at.dir(), name);
        if (earlier != null && !earlier.isRegularFile()) {
            throw new FunctionException("file.replace: refused: the backup '" + at.path() + extension
                    + "' is not a regular file; nothing changed");
        }
        if (earlier != null) { // narrowed before the old content lands in it
            at.dir().getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .setPermissions(original.permissions());
        }
        try (SeekableByteChannel out = at.dir().newByteChannel(name, Set.of(StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(original.permissions()))) {
            while (content.hasRemaining()) {
                out.write(content);
            }
        }
    }
}
