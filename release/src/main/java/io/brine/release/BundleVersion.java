package io.brine.release;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * The version a bundle says it is, read when it is signed: a jar's {@value #VERSION_ENTRY} (what
 * {@code BrineVersion} reports once it runs), else its manifest's {@code Implementation-Version}; a brine-minion
 * .deb's control field {@code Version}, which the jar inside must report too.
 */
public final class BundleVersion {
    /** The jar entry holding the version a build reports. */
    public static final String VERSION_ENTRY = "META-INF/brine/version";

    private BundleVersion() {
    }

    public static String of(Path bundle) throws IOException {
        BundleKind kind = BundleKind.of(bundle).orElseThrow(() -> new IOException(bundle
                + ": neither a .deb nor a jar"));
        String v = kind == BundleKind.JAR ? ofJar(bundle) : ofDeb(bundle);
        if (v == null || v.isBlank()) {
            throw new IOException(bundle + ": says no version; give it with --version");
        }
        return v.strip();
    }

    /**
     * Writes {@code jar} again as {@code to}, saying {@code version}: every entry copied, the version entry set. What
     * a release build does to the minion jar before signing it, and how the tests and the bench make a "new"
     * version of the jar they run.
     */
    public static Path stamp(Path jar, String version, Path to) throws IOException {
        java.nio.file.Files.createDirectories(to.toAbsolutePath().getParent());
        try (JarFile in = new JarFile(jar.toFile()); java.util.jar.JarOutputStream out = in.getManifest() == null
                ? new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(to))
                : new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(to), in.getManifest())) {
            for (java.util.jar.JarEntry e : java.util.Collections.list(in.entries())) {
                if (e.getName().equals(JarFile.MANIFEST_NAME) || e.getName().equals(VERSION_ENTRY)) {
                    continue;
                }
                out.putNextEntry(new java.util.jar.JarEntry(e.getName()));
                try (InputStream data = in.getInputStream(e)) {
                    data.transferTo(out);
                }
            }
            out.putNextEntry(new java.util.jar.JarEntry(VERSION_ENTRY));
            out.write(version.getBytes(StandardCharsets.UTF_8));
        }
        return to;
    }

    /** What a jar reports, null when it says nothing. */
    static String ofJar(Path jar) throws IOException {
        try (JarFile f = new JarFile(jar.toFile())) {
            ZipEntry e = f.getEntry(VERSION_ENTRY);
            if (e != null) {
                try (InputStream in = f.getInputStream(e)) {
                    return new String(in.readNBytes(128), StandardCharsets.UTF_8);
                }
            }
            return f.getManifest() == null ? null
                    : f.getManifest().getMainAttributes().getValue("Implementation-Version");
        }
    }

    /**
     * A brine-minion .deb's {@code Version}, once the minion jar inside is seen to report the same: what a minion
     * checks after it takes the jar out, refused here already, when the release is signed.
     */
    private static String ofDeb(Path deb) throws IOException {
        MinionDeb pkg = new MinionDeb(deb);
        String name = pkg.field("Package");
        if (!MinionDeb.PACKAGE.equals(name)) {
            throw new IOException(deb + " is the package " + name + "; minions take only " + MinionDeb.PACKAGE);
        }
        String version = pkg.field("Version");
        Path dir = java.nio.file.Files.createTempDirectory("brine-release-");
        try {
            Path jar = dir.resolve("brine-minion.jar");
            pkg.extractJar(jar);
            String reports = ofJar(jar);
            if (reports == null || !reports.strip().equals(version)) {
                throw new IOException(deb + " is version " + version + " but its minion jar reports " + reports
                        + "; a minion would refuse it");
            }
            return version;
        } finally {
            try (var files = java.nio.file.Files.list(dir)) {
                for (Path f : files.toList()) {
                    java.nio.file.Files.deleteIfExists(f);
                }
            }
            java.nio.file.Files.deleteIfExists(dir);
        }
    }
}
