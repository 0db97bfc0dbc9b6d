package io.brine.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code brine} run in a process of its own: as this user, or as another ({@code runuser -u nobody}), which needs a
 * class path that user can read (the test's is under root's 0700 home), so it is copied to a 0755 directory.
 */
final class BrineProcess {
    record Result(int exit, String out, String err) {
    }

    private BrineProcess() {
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The command that starts {@code brine ARGS} with this test's class path and {@code jvmOptions}. */
    static List<String> command(String classPath, List<String> jvmOptions, String... args) {
        List<String> cmd = new ArrayList<>(List.of(java()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", classPath, Main.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Runs {@code command} to its end (within a minute) and returns its exit code and output. */
    static Result run(List<String> command, Path scratch) throws IOException, InterruptedException {
        Path out = Files.createTempFile(scratch, "out", ".txt");
        Path err = Files.createTempFile(scratch, "err", ".txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("still running after 60 s: " + command);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** {@code brine ARGS} as the user {@code user}, through runuser (this process must be root). */
    static Result runAs(String user, String classPath, Path scratch, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("runuser", "-u", user, "--"));
        cmd.addAll(command(classPath, List.of(), args));
        return run(cmd, scratch);
    }

    /** This test's class path, copied into {@code dir} (made 0755) so that any user can read it. */
    static String readableClassPath(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> entries = new ArrayList<>();
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path from = Path.of(entry);
            if (!Files.exists(from)) {
                continue;
            }
            Path to = dir.resolve((n++) + "-" + from.getFileName());
            copy(from, to);
            entries.add(to.toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void copy(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
            return;
        }
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }

    static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }
}
