package io.brine.modules.file;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;

/**
 * A template's read of a file anywhere on the machine, where the minion lets templates probe (docs/guest-policy.md,
 * "Templates"): what any local user could read, and no more. The path's links are followed once, as Salt's
 * {@code file.read} follows them; then every directory above the file must be world-searchable, the file itself
 * world-readable (checked on the opened file), and none of it under the minion's own keys. The file is opened by
 * walking from {@code /} without following links, so a link slipped in after the check is refused, not followed.
 */
final class WorldReadable {
    private WorldReadable() {
    }

    static ConfinedFiles.Opened open(String path, List<Path> secret) throws FunctionException, IOException {
        Path real;
        try {
            real = AllowedPaths.absolute(path).toRealPath();
        } catch (java.nio.file.NoSuchFileException e) {
            throw new FunctionException("no such file: " + path);
        }
        refuseSecret(path, real, secret);
        for (Path dir = real.getParent(); dir != null; dir = dir.getParent()) {
            if (!Files.getPosixFilePermissions(dir).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                throw notWorldReadable(path, dir + " is not world-searchable");
            }
        }
        ConfinedFiles.Opened file = new ConfinedFiles(List.of(real.getRoot())).read(real.toString());
        if (!file.attributes().permissions().contains(PosixFilePermission.OTHERS_READ)) {
            file.close();
            throw notWorldReadable(path, "it is not world-readable");
        }
        return file;
    }

    /** Refuses a path (resolved) at or under one of {@code secret} (resolved too). */
    static void refuseSecret(String asked, Path real, List<Path> secret) throws FunctionException {
        if (isSecret(real, secret)) {
            throw new FunctionException("refused: '" + asked + "': templates never look at the minion's own keys");
        }
    }

    /** Whether {@code real} (resolved) is at or under one of {@code secret} (resolved too). */
    static boolean isSecret(Path real, List<Path> secret) {
        for (Path s : secret) {
            Path resolved;
            try {
                resolved = s.toRealPath();
            } catch (IOException e) {
                resolved = s.toAbsolutePath().normalize();
            }
            if (real.startsWith(resolved)) {
                return true;
            }
        }
        return false;
    }

    private static FunctionException notWorldReadable(String path, String why) {
        return new FunctionException("refused: '" + path + "': " + why + "; templates read only what any local "
                + "user may read (set file_roots_allowed to confine them instead)");
    }
}
