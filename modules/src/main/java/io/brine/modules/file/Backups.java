package io.brine.modules.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Keeps a replaced file under the backup directory, mirroring its absolute path and suffixed with
 * the time, like Salt's minion-side file_backup, so backups never land beside the file where a
 * service reading a whole directory (conf.d) would pick them up.
 */
final class Backups {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd_HH:mm:ss_SSSSSS");

    private Backups() {}

    static Path keep(Path file, Path backupDir) throws IOException {
        Path relative = file.getRoot().relativize(file.toAbsolutePath());
        Path target = backupDir.resolve(relative.toString() + "_" + STAMP.format(LocalDateTime.now()));
        Files.createDirectories(target.getParent());
        Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
        return target;
    }
}
