package io.brine.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PublicKey;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReleaseSignatureTest {
    @TempDir
    Path dir;

    @Test
    void aSignedJarChecksWithItsKeyAndSaysItsVersion() throws Exception {
        ReleaseKeys.Written keys = ReleaseKeys.generate(dir.resolve("keys"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keys.privateKey())));
        Path jar = jar("0.2.0");
        assertEquals("0.2.0", BundleVersion.of(jar));
        assertEquals("0.2.1", BundleVersion.of(BundleVersion.stamp(jar, "0.2.1", dir.resolve("stamped.jar"))),
                "a jar stamped with another version says it");
        ReleaseSignature sig = ReleaseSignature.sign(jar, BundleVersion.of(jar), ReleaseKeys.readPrivate(
                keys.privateKey()), ReleaseKeys.readPublic(keys.publicKey()));
        ReleaseSignature read = ReleaseSignature.parse(sig.text());
        ReleaseSignature.Release r = read.check(jar, List.of(ReleaseKeys.readPublic(keys.publicKey())));
        assertEquals(BundleKind.JAR, r.kind());
        assertEquals("0.2.0", r.version());
        assertEquals(keys.fingerprint(), read.keyFingerprint());
        assertThrows(IOException.class, () -> ReleaseKeys.generate(dir.resolve("keys")), "never overwritten");
    }

    @Test
    void anotherKeyATamperedATruncatedOrAnUnsignedBundleIsRefused() throws Exception {
        ReleaseKeys.Written mine = ReleaseKeys.generate(dir.resolve("mine"));
        ReleaseKeys.Written theirs = ReleaseKeys.generate(dir.resolve("theirs"));
        PublicKey trusted = ReleaseKeys.readPublic(mine.publicKey());
        Path jar = jar("0.2.0");
        String text = ReleaseSignature.sign(jar, "0.2.0", ReleaseKeys.readPrivate(theirs.privateKey()),
                ReleaseKeys.readPublic(theirs.publicKey())).text();
        assertRefused(text, jar, List.of(trusted), "signed by a key this minion does not trust");
        assertRefused(text, jar, List.of(), "no update_keys are trusted");

        String good = ReleaseSignature.sign(jar, "0.2.0", ReleaseKeys.readPrivate(mine.privateKey()), trusted).text();
        // the statement altered: a version the key never vouched for
        assertRefused(good.replace("version: 0.2.0", "version: 9.9.9"), jar, List.of(trusted), "does not verify");

        byte[] bytes = Files.readAllBytes(jar);
        Path tampered = dir.resolve("tampered.jar");
        bytes[bytes.length / 2] ^= 1;
        Files.write(tampered, bytes);
        assertRefused(good, tampered, List.of(trusted), "SHA-256 differs");

        Path truncated = dir.resolve("truncated.jar");
        Files.write(truncated, java.util.Arrays.copyOf(Files.readAllBytes(jar), bytes.length - 10));
        assertRefused(good, truncated, List.of(trusted), "truncated");

        assertThrows(ReleaseRefused.class, () -> ReleaseSignature.parse("brine-release: 1\nkind: jar\n"));
        assertThrows(ReleaseRefused.class, () -> ReleaseSignature.parse(good + "extra: 1\n"));
    }

    private static void assertRefused(String sig, Path bundle, List<PublicKey> trusted, String why) throws Exception {
        ReleaseRefused e = assertThrows(ReleaseRefused.class, () -> ReleaseSignature.parse(sig).check(bundle, trusted));
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    private Path jar(String version) throws IOException {
        return TestBundles.jar(dir.resolve("minion-" + version + ".jar"), version);
    }
}
