package io.brine.functions;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * Two named pipes that a command's stdout and stderr go to when the caller does not wait for its output to end.
 * A daemon the command starts may keep them open after the command exits: unlike the JDK's own pipes, which it
 * closes once the program has exited (so that a daemon writing later dies of SIGPIPE), these stay ours, read
 * and discarded past the cap for as long as anyone writes. Nothing reaches the disk: the pipes are unlinked
 * (with their private directory) as soon as the command has opened them.
 *
 * <pre>{@code
 * try (OutputFifos fifos = OutputFifos.create()) {
 *     builder.redirectOutput(fifos.stdout().toFile()).redirectError(fifos.stderr().toFile());
 *     process = builder.start();
 *     List<InputStream> readers = fifos.readers();
 * } // the command holds its ends now: the names and our writing anchors go
 * }</pre>
 */
final class OutputFifos implements AutoCloseable {
    private final Path dir;
    private final Path stdout;
    private final Path stderr;
    private final List<RandomAccessFile> anchors;
    private final InputStream stdoutReader;
    private final InputStream stderrReader;
    private boolean handedOver;

    private OutputFifos(Path dir, List<RandomAccessFile> anchors, InputStream out, InputStream err) {
        this.dir = dir;
        this.stdout = dir.resolve("stdout");
        this.stderr = dir.resolve("stderr");
        this.anchors = anchors;
        this.stdoutReader = out;
        this.stderrReader = err;
    }

    /**
     * Makes the pipes in a fresh 0700 directory and opens their reading ends. Each is first opened for reading
     * and writing (which never blocks on Linux) so that opening the reading end, and the command's later opening
     * of the writing end, do not block either; that anchor is closed once the command holds its end.
     */
    static OutputFifos create() throws IOException {
        Path dir = Files.createTempDirectory("brine-cmd",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        RandomAccessFile outAnchor = null;
        RandomAccessFile errAnchor = null;
        InputStream out = null;
        try {
            mkfifo(dir);
            outAnchor = new RandomAccessFile(dir.resolve("stdout").toFile(), "rw");
            errAnchor = new RandomAccessFile(dir.resolve("stderr").toFile(), "rw");
            out = new FileInputStream(dir.resolve("stdout").toFile());
            InputStream err = new FileInputStream(dir.resolve("stderr").toFile());
            return new OutputFifos(dir, List.of(outAnchor, errAnchor), out, err);
        } catch (IOException | RuntimeException e) {
            closeQuietly(outAnchor);
            closeQuietly(errAnchor);
            closeQuietly(out);
            removeQuietly(dir);
            throw e;
        }
    }

    private static void mkfifo(Path dir) throws IOException {
        Process p = new ProcessBuilder("mkfifo", "-m", "600", "stdout", "stderr").directory(dir.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        try {
            if (p.waitFor() != 0) {
                throw new IOException("cannot make the pipes for a command's output: mkfifo: " + said);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making the pipes for a command's output");
        }
    }

    Path stdout() {
        return stdout;
    }

    Path stderr() {
        return stderr;
    }

    /** The reading ends, now the caller's to read and close. */
    List<InputStream> readers() {
        handedOver = true;
        return List.of(stdoutReader, stderrReader);
    }

    /**
     * The command has opened its ends: drop our writing anchors (so the readers see the end of the output when
     * the command and its children have closed theirs) and the pipes' names.
     */
    @Override
    public void close() {
        anchors.forEach(OutputFifos::closeQuietly);
        if (!handedOver) {
            closeQuietly(stdoutReader);
            closeQuietly(stderrReader);
        }
        removeQuietly(dir);
    }

    private static void removeQuietly(Path dir) {
        try {
            Files.deleteIfExists(dir.resolve("stdout"));
            Files.deleteIfExists(dir.resolve("stderr"));
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a private, empty-ish directory in the temp directory; nothing more to do
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception e) {
                // closing what we opened; nothing to recover
            }
        }
    }
}
