package io.brine.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** Release bundles for tests: a small jar that reports a version, and a brine-minion .deb around a jar. */
public final class TestBundles {
    private TestBundles() {
    }

    /** A jar of a few KiB that reports {@code version}, written to {@code to}. */
    public static Path jar(Path to, String version) throws IOException {
        Files.createDirectories(to.toAbsolutePath().getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(to))) {
            out.putNextEntry(new JarEntry(BundleVersion.VERSION_ENTRY));
            out.write(version.getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new JarEntry("payload.bin"));
            out.write(new byte[4096]);
        }
        return to;
    }

    /**
     * A brine-minion .deb, built with {@code dpkg-deb} as the packaging's is laid out, that says {@code version} and
     * holds {@code jar} where the package keeps the minion's jar.
     */
    public static Path minionDeb(Path jar, String version, Path to) throws IOException, InterruptedException {
        return deb(MinionDeb.PACKAGE, jar, version, to);
    }

    /** As {@link #minionDeb}, for another package name. */
    public static Path deb(String pkg, Path jar, String version, Path to) throws IOException, InterruptedException {
        Path root = Files.createTempDirectory(to.toAbsolutePath().getParent(), "deb-root-");
        var open = PosixFilePermissions.fromString("rwxr-xr-x");
        Files.setPosixFilePermissions(root, open);
        Path control = Files.createDirectories(root.resolve("DEBIAN"));
        Files.setPosixFilePermissions(control, open);
        Files.writeString(control.resolve("control"), "Package: " + pkg + "\nVersion: " + version
                + "\nArchitecture: all\nMaintainer: Brine tests <tests@localhost>\nDescription: a test release\n"
                + " of the minion\n");
        Path dest = root.resolve(MinionDeb.JAR_MEMBER.substring(2));
        Files.createDirectories(dest.getParent());
        Files.copy(jar, dest);
        Process p = new ProcessBuilder("dpkg-deb", "--root-owner-group", "-Zgzip", "-b", root.toString(),
                to.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("dpkg-deb -b: " + out);
        }
        try (var walk = Files.walk(root)) {
            for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
        return to;
    }
}
