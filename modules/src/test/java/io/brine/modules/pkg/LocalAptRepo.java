package io.brine.modules.pkg;

import io.brine.functions.Command;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A throwaway apt repository in a directory, and apt configured to see nothing else: its own source
 * list, package lists and cache, named by {@code APT_CONFIG}. Commands run through {@link #confine}
 * then install, refresh and upgrade from this repository alone, without a network and without
 * touching the machine's own apt state (dpkg's database is still the machine's: packages are really
 * installed). Packages are built with dpkg-deb, as {@link DebPackageTest} builds them.
 *
 * <pre>{@code
 * LocalAptRepo repo = new LocalAptRepo(dir);
 * repo.publish(repo.build("brinetestx", "1.0-1", Map.of()));
 * CommandRunner apt = repo.confine(runner);
 * }</pre>
 */
public final class LocalAptRepo {
    private final Path dir;
    private final Path pool;
    private final Path config;
    private final StringBuilder index = new StringBuilder();

    public LocalAptRepo(Path dir) throws IOException {
        this.dir = dir;
        this.pool = Files.createDirectories(dir.resolve("pool"));
        Files.createDirectories(dir.resolve("state/lists/partial"));
        Files.createDirectories(dir.resolve("cache/archives/partial"));
        Files.createDirectories(dir.resolve("sources.list.d"));
        Files.writeString(dir.resolve("sources.list"), "deb [trusted=yes] file:" + pool + " ./\n");
        Files.writeString(pool.resolve("Packages"), "");
        this.config = dir.resolve("apt.conf");
        // The sandbox user _apt cannot read a test's private temporary directory.
        Files.writeString(config, """
            Dir::Etc::SourceList "%1$s/sources.list";
            Dir::Etc::SourceParts "%1$s/sources.list.d";
            Dir::State "%1$s/state/";
            Dir::Cache "%1$s/cache/";
            APT::Sandbox::User "root";
            """.formatted(dir));
    }

    /** A .deb of {@code name} at {@code version} holding {@code files} (path to content; /etc files are conffiles). */
    public Path build(String name, String version, Map<String, String> files) throws IOException, InterruptedException {
        Path root = dir.resolve("build").resolve(name + "_" + version);
        Files.createDirectories(root.resolve("DEBIAN"));
        Map<String, String> all = new LinkedHashMap<>(Map.of("/usr/share/" + name + "/version", version + "\n"));
        all.putAll(files);
        StringBuilder conffiles = new StringBuilder();
        for (Map.Entry<String, String> f : all.entrySet()) {
            Path target = root.resolve(f.getKey().substring(1));
            Files.createDirectories(target.getParent());
            Files.writeString(target, f.getValue());
            if (f.getKey().startsWith("/etc/")) {
                conffiles.append(f.getKey()).append('\n');
            }
        }
        if (!conffiles.isEmpty()) {
            Files.writeString(root.resolve("DEBIAN/conffiles"), conffiles);
        }
        Files.writeString(root.resolve("DEBIAN/control"), """
            Package: %s
            Version: %s
            Architecture: all
            Maintainer: Brine tests <tests@brine.invalid>
            Description: throwaway package built by Brine's tests
            """.formatted(name, version));
        Path deb = pool.resolve(name + "_" + version + ".deb");
        run("dpkg-deb", "--root-owner-group", "--build", root.toString(), deb.toString());
        return deb;
    }

    /** Adds a built package to the repository's index; apt sees it after its next update. */
    public void publish(Path deb) throws IOException, InterruptedException {
        byte[] bytes = Files.readAllBytes(deb);
        String sha256;
        try {
            sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        index.append(run("dpkg-deb", "-f", deb.toString()).strip()).append('\n')
                .append("Filename: ./").append(deb.getFileName()).append('\n')
                .append("Size: ").append(bytes.length).append('\n')
                .append("SHA256: ").append(sha256).append("\n\n");
        Files.writeString(pool.resolve("Packages"), index);
    }

    /**
     * Names the repository's release {@code suite} (an unsigned Release file listing the index), so that apt's
     * {@code -t SUITE} can target it. Call it after the last {@link #publish}.
     */
    public void release(String suite) throws IOException {
        Path packages = pool.resolve("Packages");
        String sha256;
        try {
            sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(packages)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        Files.writeString(pool.resolve("Release"), """
            Suite: %1$s
            Codename: %1$s
            Date: Thu, 01 Jan 2026 00:00:00 UTC
            SHA256:
             %2$s %3$d Packages
            """.formatted(suite, sha256, Files.size(packages)));
    }

    /** {@code commands}, with apt seeing this repository only. */
    public CommandRunner confine(CommandRunner commands) {
        return command -> {
            Map<String, String> env = new LinkedHashMap<>(command.env());
            env.put("APT_CONFIG", config.toString());
            return commands.run(command.withEnv(env));
        };
    }

    static String run(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", argv) + ": " + out);
        }
        return out;
    }
}
