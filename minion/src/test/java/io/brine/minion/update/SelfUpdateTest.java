package io.brine.minion.update;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionException;
import io.brine.functions.MasterLink;
import io.brine.minion.UpdateSettings;
import io.brine.protocol.BrineVersion;
import io.brine.release.BundleVersion;
import io.brine.release.ReleaseKeys;
import io.brine.release.ReleaseSignature;
import io.brine.release.TestBundles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The minion's checks and installation of a release, with a master that hands over local files. */
class SelfUpdateTest {
    @TempDir
    Path dir;
    Path versions;
    PublicKey trusted;
    ReleaseKeys.Written keys;

    @BeforeEach
    void keys() throws Exception {
        versions = dir.resolve("versions");
        keys = ReleaseKeys.generate(dir.resolve("keys"));
        trusted = ReleaseKeys.readPublic(keys.publicKey());
    }

    @Test
    void aCheckedJarIsInstalledBesideAndMarkedForTrial() throws Exception {
        Path jar = jar("9.9.9");
        UpdateMarker m = updater(true).install(bundle(jar), sig(jar), false, master(jar), "20261129000000000042");
        assertEquals("9.9.9", m.version());
        assertEquals(BrineVersion.CURRENT, m.from());
        assertTrue(Files.isRegularFile(versions.resolve("9.9.9/" + SelfUpdate.JAR)));
        UpdateMarker onDisk = UpdateMarker.readFrom(versions, UpdateMarker.TRIAL).orElseThrow();
        assertEquals(List.of("9.9.9", BrineVersion.CURRENT, "20261129000000000042"), List.of(onDisk.version(),
                onDisk.from(), onDisk.jid()));
        assertEquals(m.deadlineMillis() / 1000, onDisk.deadlineMillis() / 1000, "the deadline, to the second");
        try (var files = Files.list(versions)) {
            assertEquals(List.of("9.9.9", "trial"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no scratch file left");
        }
        FunctionException again = assertThrows(FunctionException.class, () -> updater(true).install(bundle(jar),
                sig(jar), false, master(jar), "20261129000000000043"));
        assertEquals("refused: another update is under way", again.getMessage());
    }

    /** A brine-minion .deb: its own jar is installed beside, as a jar bundle is. */
    @Test
    void aCheckedDebHasItsJarInstalled() throws Exception {
        Path jar = jar("9.9.9");
        Path deb = TestBundles.minionDeb(jar, "9.9.9", dir.resolve("bundles/brine-minion_9.9.9_all.deb"));
        UpdateMarker m = updater(true).install(bundle(deb), sig(deb), false, master(deb), "20261129000000000047");
        assertEquals("9.9.9", m.version());
        assertArrayEquals(Files.readAllBytes(jar), Files.readAllBytes(versions.resolve("9.9.9/" + SelfUpdate.JAR)));
        try (var files = Files.list(versions)) {
            assertEquals(List.of("9.9.9", "trial"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "neither the .deb nor anything unpacked left");
        }
    }

    /** Signed as one version, a jar (or the jar in a .deb) that reports another would run as that: refused. */
    @Test
    void aBundleWhoseJarReportsAnotherVersionThanSignedIsRefused() throws Exception {
        Path jar = jar("9.9.8");
        Path deb = TestBundles.minionDeb(jar, "9.9.9", dir.resolve("bundles/disagrees.deb"));
        String signedAs999 = ReleaseSignature.sign(deb, "9.9.9", ReleaseKeys.readPrivate(keys.privateKey()), trusted)
                .text();
        FunctionException e = assertThrows(FunctionException.class, () -> updater(true).install(bundle(deb),
                signedAs999, false, master(deb), "20261129000000000048"));
        assertEquals("refused: the release is signed as 9.9.9 but its minion jar reports 9.9.8", e.getMessage());
        assertFalse(Files.exists(versions), "nothing left");

        String jarSignedAs999 = ReleaseSignature.sign(jar, "9.9.9", ReleaseKeys.readPrivate(keys.privateKey()),
                trusted).text();
        e = assertThrows(FunctionException.class, () -> updater(true).install(bundle(jar), jarSignedAs999, false,
                master(jar), "20261129000000000049"));
        assertEquals("refused: the release is signed as 9.9.9 but its minion jar reports 9.9.8", e.getMessage());
        assertFalse(Files.exists(versions), "nothing left");
    }

    @Test
    void refusalsLeaveNothingBehind() throws Exception {
        Path jar = jar("9.9.9");
        assertRefused(new SelfUpdate(versions, new UpdateSettings(false, List.of(trusted), Duration.ofSeconds(30),
                null), true), jar, sig(jar), "self_update is off");
        assertRefused(new SelfUpdate(versions, new UpdateSettings(true, List.of(), Duration.ofSeconds(30), null),
                true), jar, sig(jar), "no update_keys are trusted");
        assertRefused(updater(false), jar, sig(jar), "not started by the brine-minion launcher");
        assertRefused(updater(true), jar, "not a signature", "malformed");
        Path old = jar("0.0.1");
        assertRefused(updater(true), old, sig(old), "older than the running");
        Path same = jar(BrineVersion.CURRENT);
        assertRefused(updater(true), same, sig(same), "already running");
        // the master hands over other bytes than the ones signed
        Path signed = jar("9.9.8");
        Path swapped = jar("9.9.7");
        FunctionException e = assertThrows(FunctionException.class, () -> updater(true).install(bundle(signed),
                sig(signed), false, master(swapped), "20261129000000000044"));
        assertTrue(e.getMessage().startsWith("refused: "), e.getMessage());
        assertFalse(Files.exists(versions), "nothing left: " + e.getMessage());
    }

    /** A master sending more than the signed size: refused at the bound, nothing kept of what it sent. */
    @Test
    void aBundleLargerThanSignedIsRefusedAtTheBound() throws Exception {
        Path signed = jar("9.9.6");
        Path larger = dir.resolve("bundles/larger.jar");
        Files.write(larger, java.util.Arrays.copyOf(Files.readAllBytes(signed), (int) Files.size(signed) + 65_536));
        FunctionException e = assertThrows(FunctionException.class, () -> updater(true).install(bundle(signed),
                sig(signed), false, master(larger), "20261129000000000046"));
        assertTrue(e.getMessage().contains("larger than the signed size"), e.getMessage());
        assertFalse(Files.exists(versions), "nothing left of the download");
    }

    private void assertRefused(SelfUpdate u, Path jar, String signature, String why) {
        FunctionException e = assertThrows(FunctionException.class, () -> u.install(bundle(jar), signature, false,
                master(jar), "20261129000000000045"));
        assertTrue(e.getMessage().startsWith("refused: ") && e.getMessage().contains(why), e.getMessage());
        assertFalse(Files.exists(versions), "nothing on disk for: " + why);
    }

    private SelfUpdate updater(boolean launched) {
        return new SelfUpdate(versions, new UpdateSettings(true, List.of(trusted), Duration.ofSeconds(30), null),
                launched);
    }

    private static Map<String, Object> bundle(Path jar) {
        return Map.of("source", "staged:" + jar.getFileName(), "name", "brine-minion.jar", "mode", 0644);
    }

    private String sig(Path jar) throws Exception {
        return ReleaseSignature.sign(jar, BundleVersion.of(jar), ReleaseKeys.readPrivate(keys.privateKey()),
                trusted).text();
    }

    private static MasterLink master(Path file) {
        return new MasterLink() {
            @Override
            public Map<String, Object> pillar() {
                return Map.of();
            }

            @Override
            public Optional<Path> file(String path) {
                return Optional.empty();
            }

            @Override
            public Transfer download(String path, WritableByteChannel out) throws IOException {
                byte[] bytes = Files.readAllBytes(file);
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    out.write(buf);
                }
                return new Transfer(bytes.length, "");
            }
        };
    }

    private Path jar(String version) throws IOException {
        return TestBundles.jar(dir.resolve("bundles/" + version + ".jar"), version);
    }
}
