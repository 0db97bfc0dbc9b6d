package io.brine.release;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The version a bundle says, and a brine-minion .deb opened with dpkg-deb: real packages built by the test. */
class BundleVersionTest {
    @TempDir
    Path dir;

    @Test
    void aJarSaysWhatItReportsAndAStampedCopySaysItsNewVersion() throws Exception {
        Path jar = TestBundles.jar(dir.resolve("a.jar"), "0.4.0");
        assertEquals("0.4.0", BundleVersion.of(jar));
        Path stamped = BundleVersion.stamp(jar, "0.4.1~rc1", dir.resolve("b/a.jar"));
        assertEquals("0.4.1~rc1", BundleVersion.of(stamped));
    }

    @Test
    void aMinionDebSaysItsVersionOnceItsJarReportsTheSame() throws Exception {
        Path jar = TestBundles.jar(dir.resolve("a.jar"), "0.4.0~20261129063000");
        Path deb = TestBundles.minionDeb(jar, "0.4.0~20261129063000", dir.resolve("brine-minion_all.deb"));
        assertEquals(BundleKind.DEB, BundleKind.of(deb).orElseThrow());
        assertEquals("0.4.0~20261129063000", BundleVersion.of(deb));

        Path out = dir.resolve("out.jar");
        new MinionDeb(deb).extractJar(out);
        assertArrayEquals(Files.readAllBytes(jar), Files.readAllBytes(out), "the package's jar, byte for byte");
    }

    @Test
    void aDebWhoseJarDisagreesOrAnotherPackageIsRefused() throws Exception {
        Path jar = TestBundles.jar(dir.resolve("a.jar"), "0.4.0");
        Path disagrees = TestBundles.minionDeb(jar, "0.5.0", dir.resolve("disagrees.deb"));
        IOException e = assertThrows(IOException.class, () -> BundleVersion.of(disagrees));
        assertTrue(e.getMessage().contains("is version 0.5.0 but its minion jar reports 0.4.0"), e.getMessage());

        Path master = TestBundles.deb("brine-master", jar, "0.4.0", dir.resolve("master.deb"));
        e = assertThrows(IOException.class, () -> BundleVersion.of(master));
        assertTrue(e.getMessage().contains("is the package brine-master; minions take only brine-minion"),
                e.getMessage());
    }

    @Test
    void aDebWithoutTheMinionJarSaysSo() throws Exception {
        Path jar = TestBundles.jar(dir.resolve("a.jar"), "0.4.0");
        Path deb = TestBundles.minionDeb(jar, "0.4.0", dir.resolve("ok.deb"));
        byte[] bytes = Files.readAllBytes(deb);
        Path cut = Files.write(dir.resolve("cut.deb"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Path out = dir.resolve("out.jar");
        assertThrows(IOException.class, () -> new MinionDeb(cut).extractJar(out));
    }
}
