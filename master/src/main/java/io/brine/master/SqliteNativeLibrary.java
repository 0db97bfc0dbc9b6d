package io.brine.master;

import io.brine.config.PrivateFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Loads SQLite's native library from {@code cachedir/native} (0700) rather than {@code java.io.tmpdir}: the
 * driver extracts it to a file and maps it, which fails on a {@code noexec} {@code /tmp}, and a library in a
 * directory others may write into is one they may replace. The driver reads its directory from the system property
 * {@code org.sqlite.tmpdir} only while it loads; this sets it for that moment alone and puts back what was there,
 * so nothing global outlives the load. An operator's own {@code -Dorg.sqlite.tmpdir} wins.
 *
 * <pre>{@code
 * SqliteNativeLibrary.load(cacheDir);   // before the first jdbc:sqlite: connection
 * }</pre>
 */
final class SqliteNativeLibrary {
    static final String PROPERTY = "org.sqlite.tmpdir";
    static final String DIR = "native";
    private static final Set<PosixFilePermission> GROUP_AND_OTHERS = EnumSet.complementOf(EnumSet.of(
            PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE));

    private SqliteNativeLibrary() {
    }

    /** Loads the library (once per process; later calls return at once) from {@code cacheDir/native}. */
    static void load(Path cacheDir) throws IOException {
        synchronized (SqliteNativeLibrary.class) {
            String operators = System.getProperty(PROPERTY);
            Path dir = operators != null ? null : PrivateFiles.directory(cacheDir.resolve(DIR));
            if (dir != null) {
                System.setProperty(PROPERTY, dir.toString());
            }
            try {
                // Without its library the driver fails every connection, which JobCache would take for a damaged
                // file and move aside: say what is wrong instead.
                if (!org.sqlite.SQLiteJDBCLoader.initialize()) {
                    throw new IOException("the driver found no library to load");
                }
            } catch (Exception e) {
                throw new IOException("cannot load SQLite's native library" + (dir == null ? "" : " from " + dir)
                        + ": " + e.getMessage(), e);
            } finally {
                if (dir != null) {
                    System.clearProperty(PROPERTY);
                }
            }
            if (dir != null) {
                ownerOnly(dir);
            }
        }
    }

    /**
     * The driver makes the library readable by everyone and its lock file by the umask; in a 0700 directory nobody
     * else reaches them, and everything under the cachedir is kept owner-only all the same.
     */
    private static void ownerOnly(Path dir) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                Set<PosixFilePermission> mode = Files.getPosixFilePermissions(f);
                if (mode.removeAll(GROUP_AND_OTHERS)) {
                    Files.setPosixFilePermissions(f, mode);
                }
            }
        }
    }
}
