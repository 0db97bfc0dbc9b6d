package io.brine.protocol.crypto;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyFilesTest {
    @TempDir Path dir;

    @Test
    void aPrivateKeyRoundTripsThroughItsFile() throws IOException {
        StaticKeyPair pair = StaticKeyPair.generate();
        Path file = dir.resolve("master.pem");
        KeyFiles.writePrivateKey(file, pair);
        StaticKeyPair read = KeyFiles.readPrivateKey(file);
        assertArrayEquals(pair.privateKey(), read.privateKey());
        assertArrayEquals(pair.publicKey(), read.publicKey());
        assertTrue(Files.readString(file).startsWith("-----BEGIN PRIVATE KEY-----\n"));
    }

    @Test
    void aPrivateKeyFileIsMode0600InANewMode0700Directory() throws IOException {
        Path file = dir.resolve("pki/minion/minion.pem");
        KeyFiles.writePrivateKey(file, StaticKeyPair.generate());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
    }

    @Test
    void aPublicKeyRoundTripsWithMode0644() throws IOException {
        byte[] pub = StaticKeyPair.generate().publicKey();
        Path file = dir.resolve("master.pub");
        KeyFiles.writePublicKey(file, pub);
        assertArrayEquals(pub, KeyFiles.readPublicKey(file));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(Files.readString(file).startsWith("-----BEGIN PUBLIC KEY-----\n"));
    }

    @Test
    void rewritingReplacesTheKeyAndLeavesNoTemporaryFiles() throws IOException {
        Path file = dir.resolve("master.pem");
        KeyFiles.writePrivateKey(file, StaticKeyPair.generate());
        StaticKeyPair second = StaticKeyPair.generate();
        KeyFiles.writePrivateKey(file, second);
        assertArrayEquals(second.privateKey(), KeyFiles.readPrivateKey(file).privateKey());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList());
        }
    }

    @Test
    void publicKeyPemParsesBack() throws IOException {
        byte[] pub = StaticKeyPair.generate().publicKey();
        String pem = KeyFiles.publicKeyPem(pub);
        assertTrue(pem.startsWith("-----BEGIN PUBLIC KEY-----\n") && pem.endsWith("-----END PUBLIC KEY-----\n"));
        assertArrayEquals(pub, KeyFiles.parsePublicKeyPem(pem));
        assertArrayEquals(pub, KeyFiles.parsePublicKeyPem("junk before\r\n" + pem.replace("\n", "\r\n")));
    }

    @Test
    void malformedPublicKeyPemIsAnIOException() {
        assertThrows(IOException.class, () -> KeyFiles.parsePublicKeyPem("hello"));
        assertThrows(IOException.class, () -> KeyFiles.parsePublicKeyPem(
                "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VuAyEA\n-----END PUBLIC KEY-----\n"));
    }

    @Test
    void aMalformedPrivateKeyFileIsAnIOExceptionNamingTheFileAndTheProblem() throws IOException {
        StaticKeyPair pair = StaticKeyPair.generate();
        String publicPem = KeyFiles.publicKeyPem(pair.publicKey());
        String ed25519 = "-----BEGIN PRIVATE KEY-----\n"
                + "MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"
                + "-----END PRIVATE KEY-----\n";
        assertMalformed("empty.pem", "", "BEGIN PRIVATE KEY");
        assertMalformed("garbage.pem", "not a key at all", "BEGIN PRIVATE KEY");
        assertMalformed("public.pem", publicPem, "BEGIN PRIVATE KEY");
        assertMalformed("nobase64.pem", "-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n", "base64");
        assertMalformed("noend.pem", "-----BEGIN PRIVATE KEY-----\nMC4CAQAw\n", "END PRIVATE KEY");
        assertMalformed("ed25519.pem", ed25519, "1.3.101.110");
    }

    @Test
    void aMissingKeyFileIsAnIOExceptionNamingTheFile() {
        Path missing = dir.resolve("nope.pem");
        IOException e = assertThrows(IOException.class, () -> KeyFiles.readPrivateKey(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void loadOrCreateGeneratesOnceAndThenLoadsTheSameKey() throws IOException {
        Path file = dir.resolve("pki/master.pem");
        StaticKeyPair created = KeyFiles.loadOrCreate(file);
        StaticKeyPair loaded = KeyFiles.loadOrCreate(file);
        assertArrayEquals(created.privateKey(), loaded.privateKey());
        assertArrayEquals(created.publicKey(), KeyFiles.readPublicKey(dir.resolve("pki/master.pem.pub")));
    }

    @Test
    void loadOrCreateRestoresAMissingPublicKeyFile() throws IOException {
        Path file = dir.resolve("master.pem");
        StaticKeyPair created = KeyFiles.loadOrCreate(file);
        Files.delete(dir.resolve("master.pem.pub"));
        KeyFiles.loadOrCreate(file);
        assertArrayEquals(created.publicKey(), KeyFiles.readPublicKey(dir.resolve("master.pem.pub")));
    }

    @Test
    void opensslAcceptsTheWrittenPrivateKeyAndDerivesTheSamePublicKey() throws Exception {
        assumeTrue(opensslAvailable(), "openssl not installed");
        StaticKeyPair pair = StaticKeyPair.generate();
        Path file = dir.resolve("master.pem");
        KeyFiles.writePrivateKey(file, pair);
        assertEquals(0, run("openssl", "pkey", "-in", file.toString(), "-noout").exitCode);
        Result pub = run("openssl", "pkey", "-in", file.toString(), "-pubout");
        assertEquals(0, pub.exitCode);
        assertEquals(KeyFiles.publicKeyPem(pair.publicKey()), pub.output);
    }

    @Test
    void aKeyGeneratedByOpensslCanBeRead() throws Exception {
        assumeTrue(opensslAvailable(), "openssl not installed");
        Path file = dir.resolve("openssl.pem");
        assertEquals(0, run("openssl", "genpkey", "-algorithm", "X25519", "-out", file.toString()).exitCode);
        Result pub = run("openssl", "pkey", "-in", file.toString(), "-pubout");
        StaticKeyPair pair = KeyFiles.readPrivateKey(file);
        assertArrayEquals(KeyFiles.parsePublicKeyPem(pub.output), pair.publicKey());
    }

    private void assertMalformed(String name, String content, String expectedReason) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content, US_ASCII);
        IOException e = assertThrows(IOException.class, () -> KeyFiles.readPrivateKey(file));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expectedReason), e.getMessage());
    }

    private record Result(int exitCode, String output) {}

    private static boolean opensslAvailable() {
        try {
            return run("openssl", "version").exitCode == 0;
        } catch (Exception e) {
            return false;
        }
    }

    private static Result run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), US_ASCII);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "openssl timed out");
        return new Result(p.exitValue(), out);
    }
}
