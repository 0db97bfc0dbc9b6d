package io.brine.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this user may work in the master's {@code pki_dir} directly, as its local operator. A user who may not
 * (the directory is root's and 0700) used to get an empty key list, as if there were no keys; now the command
 * stops with "permission denied on PATH" and exit 2, naming the way out.
 *
 * <pre>{@code
 * PkiAccess.require(cfg.pkiDir(), config.file);   // CliException(2) when this user cannot read the keys
 * }</pre>
 */
final class PkiAccess {
    private PkiAccess() {
    }

    static void require(Path pkiDir, Path configFile) {
        Path denied = denied(pkiDir.toAbsolutePath().normalize());
        if (denied != null) {
            throw CliException.usage("permission denied on " + denied + " (pki_dir in " + configFile + "): run this "
                    + "as the master's user (sudo), or as a named operator with --client-key");
        }
    }

    /**
     * The first directory on the way to {@code dir} (or {@code dir} itself) this user may not search, or list;
     * null when there is none. A {@code pki_dir} that simply does not exist yet is not denied.
     */
    private static Path denied(Path dir) {
        Path walked = dir.getRoot();
        for (Path part : dir) {
            Path next = walked.resolve(part);
            if (!Files.exists(next)) {
                return Files.isExecutable(walked) ? null : walked;
            }
            walked = next;
        }
        if (!Files.isDirectory(dir)) {
            return null;
        }
        return Files.isReadable(dir) && Files.isExecutable(dir) ? null : dir;
    }
}
