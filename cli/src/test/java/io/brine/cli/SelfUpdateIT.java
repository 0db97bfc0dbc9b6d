package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.minion.UpdateSettings;
import io.brine.protocol.BrineVersion;
import io.brine.protocol.KeyStatus;
import io.brine.release.ReleaseKeys;
import io.brine.release.ReleaseSignature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signed self-update end to end (issue 29), through the launcher: a real minion process started by the packaged
 * brine-minion launcher (its script, from packaging, laid out as the package lays it out; no systemd on the CI
 * machine, so the launcher is the supervisor here) is sent releases the test builds from the CLI's own jar with
 * other version strings and signs with a test release key. Refused bundles change nothing on disk; a good one is
 * installed beside the running version, restarted into and reported; one that fails at start is rolled back by
 * the launcher and reported by the version that comes back.
 */
class SelfUpdateIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Path LAUNCHER = Path.of("../packaging/src/deb/minion/files/brine-minion").toAbsolutePath()
            .normalize();
    private static final Path ARCHIVE_LIB = Path.of("../scripts/class-data-archive.bash").toAbsolutePath().normalize();
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path root;
    static TestCluster cluster;
    static Process launcher;
    static Path versions;
    static Path keys;
    static Path jarA;

    @BeforeAll
    static void start() throws Exception {
        cluster = TestCluster.start(root, "auto_accept: true\n");
        keys = root.resolve("keys");
        ReleaseKeys.generate(keys);
        ReleaseKeys.generate(root.resolve("other-keys"));
        Path pkg = root.resolve("pkg");
        Files.createDirectories(pkg.resolve("bin"));
        Files.createDirectories(pkg.resolve("lib"));
        Files.copy(LAUNCHER, pkg.resolve("bin/brine-minion"));
        Files.setPosixFilePermissions(pkg.resolve("bin/brine-minion"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.copy(ARCHIVE_LIB, pkg.resolve("lib/class-data-archive.bash"));
        jarA = root.resolve("installed/brine-minion.jar");
        Files.createDirectories(jarA.getParent());
        Files.copy(JAR, jarA);
        versions = root.resolve("upd1/cache/versions");
        launcher = launch("upd1", List.of());
        Await.until(() -> version("upd1").equals(BrineVersion.CURRENT), "upd1 answering", WAIT);
    }

    /**
     * Starts minion {@code id} through the packaged launcher in a session of its own, its cache (and versions) in
     * {@code ROOT/ID/cache}; {@code wrapper} runs before the launcher's command line.
     */
    private static Process launch(String id, List<String> wrapper) throws IOException {
        Path cache = root.resolve(id + "/cache");
        Path yaml = Files.writeString(root.resolve(id + ".yaml"), "id: " + id + "\nmaster: 127.0.0.1\nmaster_port: "
                + cluster.port + "\nmaster_tofu: true\npki_dir: " + root.resolve(id + "/pki") + "\ncachedir: " + cache
                + "\nheartbeat: 1\nupdate_keys: [" + keys.resolve(ReleaseKeys.PUBLIC_FILE) + "]\nupdate_timeout: 20\n");
        List<String> command = new ArrayList<>(List.of("setsid"));
        command.addAll(wrapper);
        command.addAll(List.of("bash", root.resolve("pkg/bin/brine-minion").toString(), "-c", yaml.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(root.resolve(id + "-launcher.log").toFile());
        pb.environment().put("BRINE_MINION_JAR", jarA.toString());
        pb.environment().put("BRINE_MINION_CDS_DIR", root.resolve("cds").toString());
        pb.environment().put("BRINE_MINION_VERSIONS", cache.resolve("versions").toString());
        return pb.start();
    }

    /** Stops a launcher's session: the supervisor, the launcher it started and the minion's JVM. */
    private static void stopSession(Process leader) throws Exception {
        new ProcessBuilder("pkill", "-TERM", "-s", Long.toString(leader.pid())).start().waitFor();
        if (!leader.waitFor(20, TimeUnit.SECONDS)) {
            new ProcessBuilder("pkill", "-KILL", "-s", Long.toString(leader.pid())).start().waitFor();
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (launcher != null) {
            stopSession(launcher);
        }
        cluster.close();
    }

    /**
     * The packaged unit's path, where this machine has no systemd to run it: the launcher started as systemd starts
     * it ({@code INVOCATION_ID} set, so it execs the JVM with no supervisor) and started again on a failing exit as
     * {@code Restart=on-failure} does, by a loop standing in for systemd. Exit 75 restarts it into the version on
     * trial, which the launcher then supervises, and which reports the update.
     */
    @Test
    void underTheUnitsRestartTheMinionComesBackAsTheNewVersion() throws Exception {
        Path b = io.brine.release.BundleVersion.stamp(jarA, "0.2.0", root.resolve("unit/brine-minion.jar"));
        sign(b, keys);
        Process unit = launch("unit1", List.of("env", "INVOCATION_ID=brine-test", "bash", "-c",
                "while :; do \"$@\"; rc=$?; case $rc in 0|143) exit $rc;; esac; done", "systemd-restart"));
        try {
            Await.until(() -> version("unit1").equals(BrineVersion.CURRENT), "unit1 answering", WAIT);
            JsonNode updated = update("unit1", b).get("returns").get("unit1");
            assertEquals("updated " + BrineVersion.CURRENT + " -> 0.2.0", updated.get("ret").asText(),
                    updated.toString());
            assertEquals("0.2.0", version("unit1"));
            Path unitVersions = root.resolve("unit1/cache/versions");
            Await.until(() -> text(unitVersions.resolve("current")).equals("0.2.0"), "0.2.0 current", WAIT);
        } finally {
            stopSession(unit);
        }
    }

    @Test
    void refusedReleasesChangeNothingAGoodOneIsRunAndABrokenOneRolledBack() throws Exception {
        Path b = io.brine.release.BundleVersion.stamp(jarA, "0.2.0", root.resolve("b/brine-minion.jar"));
        sign(b, keys);

        // refusals, each leaving the minion's installed jar and versions byte-identical
        Path other = root.resolve("other/brine-minion.jar");
        Files.createDirectories(other.getParent());
        Files.copy(b, other);
        sign(other, root.resolve("other-keys"));
        assertRefused(other, "signed by a key this minion does not trust");

        Path tampered = root.resolve("tampered/brine-minion.jar");
        Files.createDirectories(tampered.getParent());
        byte[] bytes = Files.readAllBytes(b);
        bytes[bytes.length / 3] ^= 1;
        Files.write(tampered, bytes);
        Files.copy(Path.of(b + ".sig"), Path.of(tampered + ".sig"));
        assertRefused(tampered, "SHA-256 differs");

        Path truncated = root.resolve("truncated/brine-minion.jar");
        Files.createDirectories(truncated.getParent());
        Files.write(truncated, java.util.Arrays.copyOf(Files.readAllBytes(b), bytes.length - 4096));
        Files.copy(Path.of(b + ".sig"), Path.of(truncated + ".sig"));
        assertRefused(truncated, "truncated");

        Path older = io.brine.release.BundleVersion.stamp(jarA, "0.0.9", root.resolve("older/brine-minion.jar"));
        sign(older, keys);
        assertRefused(older, "0.0.9 is older than the running " + BrineVersion.CURRENT);

        // the guest owner's switch, on a minion of its own (the switch is judged before anything else)
        java.security.PublicKey trusted = ReleaseKeys.readPublic(keys.resolve(ReleaseKeys.PUBLIC_FILE));
        Minion off = cluster.addMinion("noupdate", c -> c.withUpdates(new UpdateSettings(false, List.of(trusted),
                Duration.ofSeconds(20), null)));
        TestCluster.awaitStatus(off, KeyStatus.ACCEPTED, WAIT);
        JsonNode switched = update("noupdate", b).get("returns").get("noupdate");
        assertTrue(switched.get("ret").asText().startsWith("refused: self_update is off"), switched.toString());

        // a good release: installed beside, restarted into, reported by the new version
        JsonNode updated = update("upd1", b).get("returns").get("upd1");
        assertEquals("updated " + BrineVersion.CURRENT + " -> 0.2.0", updated.get("ret").asText(), updated.toString());
        assertEquals("0.2.0", version("upd1"));
        Await.until(() -> text(versions.resolve("current")).equals("0.2.0"), "0.2.0 current", WAIT);
        assertFalse(Files.exists(versions.resolve("trial")));
        // what the new version reported on connecting (its grains), which may follow its return by a moment
        Await.until(() -> listedVersion("upd1").equals("0.2.0"), "manage versions showing 0.2.0", WAIT);

        // the brine-minion .deb as a bundle: the package's jar runs beside, as a jar bundle does
        Path c = io.brine.release.BundleVersion.stamp(jarA, "0.2.1", root.resolve("c/brine-minion.jar"));
        Path deb = io.brine.release.TestBundles.minionDeb(c, "0.2.1", root.resolve("c/brine-minion_0.2.1_all.deb"));
        sign(deb, keys);
        JsonNode fromDeb = update("upd1", deb).get("returns").get("upd1");
        assertEquals("updated 0.2.0 -> 0.2.1", fromDeb.get("ret").asText(), fromDeb.toString());
        assertEquals("0.2.1", version("upd1"));
        Await.until(() -> text(versions.resolve("current")).equals("0.2.1"), "0.2.1 current", WAIT);

        // a release that cannot start: the launcher rolls back to 0.2.1, which reports it with the new one's lines
        Path broken = root.resolve("broken/brine-minion.jar");
        Files.createDirectories(broken.getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
        manifest.getMainAttributes().putValue("Main-Class", "io.brine.NoSuchMain");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(broken), manifest)) {
            out.putNextEntry(new JarEntry(BrineVersion.RESOURCE));
            out.write("0.3.0".getBytes(StandardCharsets.UTF_8));
        }
        sign(broken, keys);
        JsonNode rolledBack = update("upd1", broken).get("returns").get("upd1");
        assertFalse(rolledBack.get("success").asBoolean(), rolledBack.toString());
        String why = rolledBack.get("ret").asText();
        assertTrue(why.startsWith("rolled-back: 0.3.0"), why);
        assertTrue(why.contains("NoSuchMain"), "the new version's last lines: " + why);
        assertEquals("0.2.1", version("upd1"));
        assertFalse(Files.exists(versions.resolve("0.3.0")), "the failed version is removed");
    }

    private static void assertRefused(Path bundle, String why) throws Exception {
        Map<String, String> before = snapshot();
        JsonNode r = update("upd1", bundle).get("returns").get("upd1");
        assertFalse(r.get("success").asBoolean(), r.toString());
        assertTrue(r.get("ret").asText().startsWith("refused: ") && r.get("ret").asText().contains(why),
                r.toString());
        assertEquals(before, snapshot(), "nothing on disk changed for " + bundle);
        assertEquals(BrineVersion.CURRENT, version("upd1"), "still the same version, still answering");
    }

    /** The minion's installed jar and versions directory, file by file with their SHA-256. */
    private static Map<String, String> snapshot() throws Exception {
        Map<String, String> files = new TreeMap<>();
        List<Path> all = new ArrayList<>(List.of(jarA));
        if (Files.exists(versions)) {
            try (var walk = Files.walk(versions)) {
                walk.filter(Files::isRegularFile).forEach(all::add);
            }
        }
        for (Path p : all) {
            files.put(p.toString(), HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(Files.readAllBytes(p))));
        }
        return files;
    }

    private static JsonNode update(String target, Path bundle) throws IOException {
        TestCluster.CliResult r = cluster.cli("update", "--out", "json", "--timeout", "120", target, "--bundle",
                bundle.toString());
        assertTrue(r.exit() == 0 || r.exit() == 1, r.out() + r.err());
        return JSON.readTree(r.out());
    }

    /** What {@code test.version} on {@code id} answers, or "" while it does not answer. */
    private static String version(String id) {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "--timeout", "5", id, "test.version");
        try {
            JsonNode ret = JSON.readTree(r.out()).path("returns").path(id).path("ret");
            return ret.isMissingNode() ? "" : ret.asText();
        } catch (IOException e) {
            return "";
        }
    }

    private static String listedVersion(String id) {
        try {
            return JSON.readTree(cluster.cli("manage", "versions", "--out", "json").out()).path(id).path("version")
                    .asText();
        } catch (IOException e) {
            return "";
        }
    }

    private static String text(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file).strip() : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static void sign(Path bundle, Path keyDir) throws Exception {
        String version = io.brine.release.BundleVersion.of(bundle);
        ReleaseSignature s = ReleaseSignature.sign(bundle, version,
                ReleaseKeys.readPrivate(keyDir.resolve(ReleaseKeys.PRIVATE_FILE)),
                ReleaseKeys.readPublic(keyDir.resolve(ReleaseKeys.PUBLIC_FILE)));
        Files.writeString(Path.of(bundle + ".sig"), s.text());
    }
}
