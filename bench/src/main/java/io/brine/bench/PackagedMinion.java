package io.brine.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A minion started the way the brine-minion package's unit starts it: {@code java $BRINE_MINION_JAVA_OPTS -jar
 * brine-minion.jar minion -c FILE}. The options are read from the package's own environment file
 * ({@code packaging/src/deb/minion/files/brine-minion.default}, copied into this jar at build time), so the
 * footprint measured is the one an installed agent has, not the repository launcher's (which adds a class-data
 * archive and a native-heap trim that the unit does not have).
 */
final class PackagedMinion {
    static final String OPTIONS_FILE = "brine-minion.default";
    private static final String VARIABLE = "BRINE_MINION_JAVA_OPTS=";

    private PackagedMinion() {
    }

    /** The unit's JVM options. */
    static List<String> jvmOptions() {
        try (InputStream in = PackagedMinion.class.getResourceAsStream(OPTIONS_FILE)) {
            if (in == null) {
                throw new IllegalStateException(OPTIONS_FILE + " is missing from the bench's jar");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    /** {@code java OPTIONS -jar JAR minion -c yaml --log-level warning}, standard error appended to {@code log}. */
    static JavaProcess start(Path jar, Path yaml, Path log) throws IOException {
        return JavaProcess.start(jvmOptions(), List.of("-jar", jar.toString(), "minion", "-c", yaml.toString(),
                "--log-level", "warning"), log);
    }
}
