package io.brine.modules.ssh;

import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes an ssh file the way ssh wants to find it: a directory it creates is 0700 and a file it creates 0600,
 * both owned by the account (sshd's StrictModes refuses keys in a file others could write). A file that already
 * exists keeps its owner and mode.
 *
 * @param owner null for a system-wide file (/etc/ssh/ssh_known_hosts), created as root's and world-readable
 */
record OwnedFile(Path path, SshUser owner) {
    /** Writes {@code after} (atomically, through {@link TextEdit}); in test mode writes nothing. */
    StateResult write(String before, String after, StateContext ctx) throws IOException {
        boolean isNew = !Files.exists(path);
        Path dir = path.getParent();
        if (owner != null && !Files.isDirectory(dir) && !Files.isDirectory(dir.getParent())) {
            return StateResult.failed("Parent directory not present: " + dir.getParent());
        }
        if (!ctx.test()) {
            createParent();
        }
        StateResult written = TextEdit.apply(path, before, after, owner == null, ctx);
        if (!ctx.test() && isNew && !written.failed()) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(owner == null ? "rw-r--r--" : "rw-------"));
            chown(path);
        }
        return written;
    }

    private void createParent() throws IOException {
        Path dir = path.getParent();
        if (owner == null || Files.isDirectory(dir)) {
            return;
        }
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        chown(dir);
    }

    private void chown(Path p) throws IOException {
        // only when it differs: a minion not running as root can still write its own account's files
        Object uid = Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (owner != null && !Integer.valueOf(owner.uid()).equals(uid)) {
            Files.setAttribute(p, "unix:uid", owner.uid(), LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(p, "unix:gid", owner.gid(), LinkOption.NOFOLLOW_LINKS);
        }
    }
}
