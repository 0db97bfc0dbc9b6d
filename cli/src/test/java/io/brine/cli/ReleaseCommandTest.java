package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.release.ReleaseKeys;
import io.brine.release.ReleaseSignature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brine release keygen} and {@code brine release sign}, as typed. */
class ReleaseCommandTest {
    @TempDir
    Path dir;

    @Test
    void keygenThenSignWritesASignatureTheKeyVerifies() throws Exception {
        Path keys = dir.resolve("keys");
        TestCluster.CliResult gen = TestCluster.run("release", "keygen", "--out", keys.toString());
        assertEquals(0, gen.exit(), gen.err());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
                keys.resolve("release.key"))));
        assertTrue(gen.out().contains(ReleaseKeys.fingerprint(ReleaseKeys.readPublic(keys.resolve("release.pub")))));
        TestCluster.CliResult again = TestCluster.run("release", "keygen", "--out", keys.toString());
        assertEquals(1, again.exit(), "a key is never overwritten");

        Path jar = io.brine.release.TestBundles.jar(dir.resolve("brine-minion.jar"), "0.3.0");
        TestCluster.CliResult sign = TestCluster.run("release", "sign", jar.toString(), "--key",
                keys.resolve("release.key").toString());
        assertEquals(0, sign.exit(), sign.err());
        ReleaseSignature sig = ReleaseSignature.parse(Files.readString(dir.resolve("brine-minion.jar.sig")));
        assertEquals("0.3.0", sig.check(jar, List.of(ReleaseKeys.readPublic(keys.resolve("release.pub")))).version());

        Path notABundle = Files.writeString(dir.resolve("notes.txt"), "hello");
        TestCluster.CliResult refused = TestCluster.run("release", "sign", notABundle.toString(), "--key",
                keys.resolve("release.key").toString());
        assertEquals(1, refused.exit());
        assertTrue(refused.err().contains("neither a .deb nor a jar"), refused.err());
    }
}
