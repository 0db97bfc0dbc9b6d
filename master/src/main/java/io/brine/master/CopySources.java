package io.brine.master;

import io.brine.fileserver.DirectoryHandles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Opens the files a caller asked to copy to minions ({@code brine cp}), as that caller may read them. A local
 * admin names any file on the master's host; a named caller (a client key, an API token, a library client made with
 * {@link MasterClient#as}) only files under its {@link CopyRoots}, reached from an open handle on the root one
 * directory at a time without following a link, and opened before anything about them is believed: a directory
 * swapped for a link while the copy is asked for is refused, not entered. The master's own secrets (its keys, its
 * cache, its configuration and logs) are never opened for anyone, wherever a root points.
 *
 * <p>A named caller asking for a file it may not copy hears one answer whatever the reason (missing, a directory, a
 * link, outside its roots, a secret), so the master's file system cannot be probed through it; the real reason is
 * for the audit log.
 */
final class CopySources {
    /** A source opened for one copy: served from {@code channel}, whatever happens to {@code path} meanwhile. */
    record Opened(Path path, FileChannel channel, long size, long modified, int mode) {
    }

    /** A source the caller may not copy: {@link #getMessage()} is what the caller hears, {@link #reason} why. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        final String reason;

        Refused(String message, String reason) {
            super(message, null, false, false);
            this.reason = reason;
        }
    }

    private final CopyRoots roots;
    private final List<Path> fileRoots;
    private final MasterSecrets secrets;
    private final AccessPolicy access;

    /**
     * @param fileRoots the master's {@code file_roots}, the default roots
     * @param secrets   what is never copied (keys, cache, configuration, logs)
     */
    CopySources(CopyRoots roots, List<Path> fileRoots, MasterSecrets secrets, AccessPolicy access) {
        this.roots = roots;
        this.fileRoots = List.copyOf(fileRoots);
        this.secrets = secrets;
        this.access = access;
    }

    /**
     * Opens {@code source} (an absolute path on the master's host) for {@code who}; the caller closes the channel.
     *
     * @throws Refused if {@code who} may not copy it, with one message for a named caller whatever the cause
     */
    Opened open(Principal who, String source) throws Refused {
        boolean admin = access.isAdmin(who);
        try {
            Path path = Path.of(source);
            if (!path.isAbsolute() || source.indexOf('\0') >= 0) {
                throw refusal(who, source, "not an absolute path");
            }
            return admin ? openAnywhere(who, path, source) : openInRoots(who, path, source);
        } catch (java.nio.file.InvalidPathException e) {
            throw refusal(who, source, "not a path: " + e.getReason());
        } catch (IOException e) {
            throw refusal(who, source, admin ? "cannot read it: " + e : e.toString());
        }
    }

    private Opened openAnywhere(Principal who, Path path, String source) throws IOException, Refused {
        Path real = path.toRealPath();
        checkNotSecret(who, real, source);
        FileChannel channel = FileChannel.open(real, StandardOpenOption.READ);
        try {
            PosixFileAttributes attrs = Files.readAttributes(real, PosixFileAttributes.class);
            if (!attrs.isRegularFile()) {
                throw refusal(who, source, "not a regular file");
            }
            return opened(path, channel, attrs);
        } catch (IOException | Refused | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private Opened openInRoots(Principal who, Path path, String source) throws IOException, Refused {
        for (String segment : source.split("/")) {
            if (segment.equals("..") || segment.equals(".")) {
                throw refusal(who, source, "has a '" + segment + "' segment");
            }
        }
        Path root = rootHolding(who, path).orElseThrow(() -> refusal(who, source,
                "outside the roots it may copy from " + roots.of(who.name(), fileRoots)));
        List<String> parts = new ArrayList<>();
        root.relativize(path).forEach(p -> parts.add(p.toString()));
        parts.removeIf(String::isEmpty);
        if (parts.isEmpty()) {
            throw refusal(who, source, "a root itself, not a file");
        }
        checkNotSecret(who, root.toRealPath().resolve(String.join("/", parts)), source);
        SecureDirectoryStream<Path> dir;
        try {
            dir = DirectoryHandles.descend(DirectoryHandles.open(root), root, parts.subList(0, parts.size() - 1),
                    false, false);
        } catch (DirectoryHandles.LinkOnTheWay e) {
            throw refusal(who, source, e.getFile() + " is a symbolic link, and copy roots are walked without "
                    + "following links");
        }
        try (dir) {
            Optional<DirectoryHandles.OpenedFile> file = DirectoryHandles.openRegular(dir,
                    Path.of(parts.get(parts.size() - 1)));
            if (file.isEmpty()) {
                throw refusal(who, source, "missing, a symbolic link, or not a regular file");
            }
            try {
                return opened(path, file.get().channel(), file.get().attributes());
            } catch (RuntimeException e) {
                file.get().close();
                throw e;
            }
        }
    }

    /** The longest of {@code who}'s roots that {@code path} lies under, as configured or as its real path. */
    private Optional<Path> rootHolding(Principal who, Path path) {
        Path best = null;
        for (Path configured : roots.of(who.name(), fileRoots)) {
            for (Path root : spellings(configured)) {
                if (path.startsWith(root) && (best == null || root.getNameCount() > best.getNameCount())) {
                    best = root;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private static List<Path> spellings(Path configured) {
        List<Path> out = new ArrayList<>(List.of(configured.toAbsolutePath().normalize()));
        try {
            out.add(configured.toRealPath());
        } catch (IOException e) {
            // a root that does not exist holds nothing
        }
        return out;
    }

    private void checkNotSecret(Principal who, Path real, String source) throws Refused {
        Optional<Path> secret = secrets.holding(real);
        if (secret.isPresent()) {
            throw refusal(who, source, "it is the master's own " + secret.get() + ", which is never copied");
        }
    }

    private Refused refusal(Principal who, String source, String reason) {
        String shown = source.replaceAll("\\p{Cntrl}", "?");
        String message = access.isAdmin(who) ? "cannot copy '" + shown + "': " + reason
                : "cannot copy '" + shown + "': no such file among those '" + who.name() + "' may copy";
        return new Refused(message, reason);
    }

    private static Opened opened(Path path, FileChannel channel, PosixFileAttributes attrs) {
        int mode = 0;
        for (PosixFilePermission p : attrs.permissions()) {
            mode |= 1 << (8 - p.ordinal());
        }
        return new Opened(path, channel, attrs.size(), attrs.lastModifiedTime().toMillis(), mode);
    }

    /**
     * Whether the file at {@code path} still looks as it did when opened (size and modification time): a source
     * rewritten after it was staged is withdrawn rather than served as a mixture of two versions. Only a check of
     * change; what is served is read from the channel opened under the rules above.
     */
    static boolean unchanged(Opened o) {
        try {
            var now = Files.readAttributes(o.path(), java.nio.file.attribute.BasicFileAttributes.class);
            return o.channel().size() == o.size() && now.size() == o.size()
                    && now.lastModifiedTime().toMillis() == o.modified();
        } catch (IOException e) {
            return false;
        }
    }
}
