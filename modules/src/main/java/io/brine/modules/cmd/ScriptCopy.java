package io.brine.modules.cmd;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;

/**
 * A script fetched for {@code cmd.script} (function or state), copied where only root, or the {@code runas}
 * user, can read and run it: the cache's copy is shared and read-only, and a world-readable one would show
 * everyone what the script holds. The copy lives in a fresh 0700 directory and goes with it when closed. A
 * script with a {@code #!} line runs directly, any other through the shell.
 *
 * <pre>{@code
 * try (ScriptCopy script = ScriptCopy.of(cached, runas, scratch)) {
 *     List<String> argv = script.argv(options.shell(), "-v --force", "cmd.script");
 *     ...
 * }
 * }</pre>
 */
final class ScriptCopy implements AutoCloseable {
    private final Path dir;
    private final Path file;

    private ScriptCopy(Path dir, Path file) {
        this.dir = dir;
        this.file = file;
    }

    /**
     * Copies {@code cached} into a fresh private directory under {@code scratch} (root's own, such as the minion's
     * cache; null for the temporary directory). A {@code runas} user cannot traverse root's private places, so its
     * copy, and the directory, are made under the temporary directory and handed to that user.
     */
    static ScriptCopy of(Path cached, String runas, Path scratch) throws IOException {
        boolean asOther = runas != null && !runas.isEmpty();
        var privateDir = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
        Path dir = asOther || scratch == null ? Files.createTempDirectory("brine-script-", privateDir)
                : Files.createTempDirectory(Files.createDirectories(scratch), "brine-script-", privateDir);
        Path file = dir.resolve(cached.getFileName() == null ? "script" : cached.getFileName().toString());
        ScriptCopy copy = new ScriptCopy(dir, file);
        try {
            Files.copy(cached, file, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
            if (asOther) {
                UserPrincipal user = file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(runas);
                Files.setOwner(file, user);
                Files.setOwner(dir, user);
            }
            return copy;
        } catch (IOException | RuntimeException e) {
            copy.close();
            throw e;
        }
    }

    /** The program and its arguments ({@code args} split into words as a shell would, without one). */
    List<String> argv(String shell, String args, String function) throws IOException, FunctionException {
        List<String> argv = new ArrayList<>();
        if (!startsWithShebang()) {
            argv.add(shell);
        }
        argv.add(file.toString());
        if (args != null) {
            argv.addAll(ShellWords.split(function, args));
        }
        return argv;
    }

    private boolean startsWithShebang() throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] two = in.readNBytes(2);
            return two.length == 2 && two[0] == '#' && two[1] == '!';
        }
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a private directory; a file left in it is no one else's to read
        }
    }
}
