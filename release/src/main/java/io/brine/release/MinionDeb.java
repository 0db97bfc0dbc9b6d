package io.brine.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A brine-minion .deb opened with Debian's own tools ({@code dpkg-deb}, {@code tar}): its control fields, and the
 * minion jar it would install, which is what a minion runs when it takes the .deb as a self-update (beside the
 * packaged version, as it runs a jar bundle). A .deb is read by the tools that made the format, not by a parser of
 * our own.
 */
public final class MinionDeb {
    /** The package a minion takes as an update. */
    public static final String PACKAGE = "brine-minion";
    /** Where the package puts the minion's jar, as the data archive names it. */
    static final String JAR_MEMBER = "./usr/share/brine/brine-minion.jar";
    private static final long TOOL_TIMEOUT_SECONDS = 120;

    private final Path deb;

    public MinionDeb(Path deb) {
        this.deb = deb;
    }

    /** Whether this machine has the tools to open a .deb. */
    public static boolean toolsPresent() {
        return onPath("dpkg-deb") && onPath("tar");
    }

    /** A control field ({@code Package}, {@code Version}...), stripped; empty when the package has none. */
    public String field(String name) throws IOException {
        Process p = new ProcessBuilder("dpkg-deb", "-f", deb.toString(), name).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readNBytes(4096), StandardCharsets.UTF_8);
        await(p, "read the field " + name + " of", out);
        return out.strip();
    }

    /**
     * Writes the minion jar the package holds to {@code to} (which must not exist).
     *
     * @throws IOException the package holds none, or the tools fail (a full disk among them)
     */
    public void extractJar(Path to) throws IOException {
        Files.createFile(to);
        ProcessBuilder unpack = new ProcessBuilder("dpkg-deb", "--fsys-tarfile", deb.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        ProcessBuilder pick = new ProcessBuilder("tar", "-xOf", "-", JAR_MEMBER)
                .redirectOutput(to.toFile());
        List<Process> pipeline = ProcessBuilder.startPipeline(List.of(unpack, pick));
        Process tar = pipeline.get(1);
        String err = new String(tar.getErrorStream().readNBytes(4096), StandardCharsets.UTF_8);
        await(tar, "take " + JAR_MEMBER + " from", err); // tar's complaint is the one that says what is wrong
        await(pipeline.get(0), "unpack", "");
        if (Files.size(to) == 0) {
            throw new IOException(deb + " holds no " + JAR_MEMBER);
        }
    }

    private void await(Process p, String doing, String output) throws IOException {
        try {
            if (!p.waitFor(TOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("cannot " + doing + " " + deb + ": no answer in " + TOOL_TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted reading " + deb);
        }
        if (p.exitValue() != 0) {
            throw new IOException("cannot " + doing + " " + deb + ": " + output.strip());
        }
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
