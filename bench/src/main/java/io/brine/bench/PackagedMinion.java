package io.brine.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A minion started the way the brine-minion package's unit starts it: its launcher
 * ({@code /usr/share/brine/bin/brine-minion -c FILE}, which sources {@code ../lib/class-data-archive.bash}) with
 * {@code BRINE_MINION_JAVA_OPTS} in its environment. The launcher, its library and the options are the package's
 * own files ({@code packaging/src/deb/minion/files/brine-minion}, {@code brine-minion.default} and
 * {@code scripts/class-data-archive.bash}, copied into this jar at build time and written out in the package's
 * layout), so the footprint measured is the one an installed agent has, its class-data archive included.
 */
final class PackagedMinion {
    static final String OPTIONS_FILE = "brine-minion.default";
    static final String LAUNCHER = "brine-minion";
    static final String ARCHIVE_LIBRARY = "class-data-archive.bash";
    private static final String VARIABLE = "BRINE_MINION_JAVA_OPTS=";

    private PackagedMinion() {
    }

    /** The unit's JVM options. */
    static List<String> jvmOptions() {
        return parse(new String(resource(OPTIONS_FILE), StandardCharsets.UTF_8));
    }

    private static byte[] resource(String name) {
        try (InputStream in = PackagedMinion.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the bench's jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the package's launcher and its library under {@code dir} as the package installs them under
     * {@code /usr/share/brine} ({@code bin/brine-minion}, {@code lib/class-data-archive.bash}); returns the
     * launcher.
     */
    static Path install(Path dir) throws IOException {
        Path launcher = Files.createDirectories(dir.resolve("bin")).resolve(LAUNCHER);
        Files.write(launcher, resource(LAUNCHER));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.write(Files.createDirectories(dir.resolve("lib")).resolve(ARCHIVE_LIBRARY), resource(ARCHIVE_LIBRARY));
        return launcher;
    }

    /** The words of the {@code BRINE_MINION_JAVA_OPTS="..."} line, as systemd splits {@code $VARIABLE}. */
    static List<String> parse(String environmentFile) {
        for (String line : environmentFile.split("\n")) {
            if (line.startsWith(VARIABLE)) {
                String value = line.substring(VARIABLE.length()).strip();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                return Arrays.stream(value.split("\\s+")).filter(w -> !w.isEmpty()).toList();
            }
        }
        throw new IllegalStateException(OPTIONS_FILE + " sets no " + VARIABLE);
    }

    /**
     * The minion package's jar: beside {@code brineJar} as installed ({@code /usr/share/brine}), or the reactor's
     * {@code agent/target/brine-minion.jar} beside {@code cli/target/brine.jar}; null when neither exists.
     */
    static Path jar(Path brineJar) {
        Path dir = brineJar.toAbsolutePath().getParent();
        List<Path> candidates = new ArrayList<>(List.of(dir.resolve("brine-minion.jar")));
        if (dir.getParent() != null && dir.getParent().getParent() != null) {
            candidates.add(dir.getParent().getParent().resolve("agent/target/brine-minion.jar"));
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst().orElse(null);
    }

    /**
     * {@code LAUNCHER -c yaml --log-level warning} with the unit's options in {@code BRINE_MINION_JAVA_OPTS}, the
     * jar and the archive directory ({@code cds}) given to the launcher, and, as the unit runs it under systemd, no
     * supervisor (the JVM is the process measured); standard error appended to {@code log}.
     */
    static JavaProcess start(Path launcher, Path jar, Path cds, Path yaml, Path log) throws IOException {
        return JavaProcess.run(List.of(launcher.toString(), "-c", yaml.toString(), "--log-level", "warning"), log,
                Map.of("BRINE_MINION_JAVA_OPTS", String.join(" ", jvmOptions()), "BRINE_MINION_JAR", jar.toString(),
                        "BRINE_MINION_CDS_DIR", cds.toString(),
                        // as under systemd, which restarts the unit itself: the JVM is the process, no supervisor
                        "BRINE_MINION_SUPERVISED", "1"));
    }

    /** Whether the minion's JVM maps the launcher's class-data archive from {@code cds}. */
    static boolean mapsArchive(JavaProcess minion, Path cds) throws IOException {
        return Files.readString(Path.of("/proc", Long.toString(minion.pid()), "maps"))
                .contains(cds.resolve("minion.jsa").toString());
    }
}
