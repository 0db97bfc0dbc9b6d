package io.brine.protocol.crypto;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;

/**
 * Reads and writes key files: private keys as PKCS#8 PEM for X25519 (RFC 8410), public keys as
 * X.509 SubjectPublicKeyInfo PEM, so {@code openssl pkey} can read them. Every write goes to a
 * temporary file in the same directory, created with its final mode from the start, which is then
 * atomically moved into place: a reader never sees a half-written key, and a private key is never
 * readable by others, not even for an instant.
 *
 * <pre>{@code
 * StaticKeyPair master = KeyFiles.loadOrCreate(Path.of("/etc/brine/pki/master.pem"));
 * }</pre>
 */
public final class KeyFiles {
    private static final String PRIVATE_MODE = "rw-------";
    private static final String PUBLIC_MODE = "rw-r--r--";
    private static final String DIR_MODE = "rwx------";
    private static final long MAX_KEY_FILE = 64 * 1024;

    private KeyFiles() {}

    public static void writePrivateKey(Path file, StaticKeyPair pair) throws IOException {
        byte[] pem = KeyEncoding.privateKeyPem(pair.privateKeyNoCopy()).getBytes(StandardCharsets.US_ASCII);
        try {
            writeAtomically(file, pem, PRIVATE_MODE);
        } finally {
            Arrays.fill(pem, (byte) 0);
        }
    }

    /** Mode 0644. */
    public static void writePublicKey(Path file, byte[] publicKey) throws IOException {
        writeAtomically(file, publicKeyPem(publicKey).getBytes(StandardCharsets.US_ASCII), PUBLIC_MODE);
    }

    public static StaticKeyPair readPrivateKey(Path file) throws IOException {
        byte[] raw = read(file);
        try {
            byte[] key = KeyEncoding.parsePrivateKeyPem(new String(raw, StandardCharsets.US_ASCII));
            try {
                return StaticKeyPair.fromPrivateKey(key);
            } finally {
                Arrays.fill(key, (byte) 0);
            }
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": malformed private key file: " + e.getMessage());
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }

    public static byte[] readPublicKey(Path file) throws IOException {
        try {
            return KeyEncoding.parsePublicKeyPem(new String(read(file), StandardCharsets.US_ASCII));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": malformed public key file: " + e.getMessage());
        }
    }

    /** Loads the pair at file, or generates one and writes it plus file + ".pub"; returns it. */
    public static StaticKeyPair loadOrCreate(Path privateKeyFile) throws IOException {
        Path pub = privateKeyFile.resolveSibling(privateKeyFile.getFileName() + ".pub");
        if (Files.exists(privateKeyFile)) {
            StaticKeyPair pair = readPrivateKey(privateKeyFile);
            if (!Files.exists(pub)) {
                writePublicKey(pub, pair.publicKeyNoCopy());
            }
            return pair;
        }
        StaticKeyPair pair = StaticKeyPair.generate();
        writePrivateKey(privateKeyFile, pair);
        writePublicKey(pub, pair.publicKeyNoCopy());
        return pair;
    }

    /**
     * The PEM text ("-----BEGIN PRIVATE KEY-----", PKCS#8) of a pair's private key, exactly what
     * {@link #writePrivateKey} writes and a minion reads from {@code pki_dir/minion.pem}: for handing a key over
     * without it touching a disk here.
     */
    public static String privateKeyPem(StaticKeyPair pair) {
        return KeyEncoding.privateKeyPem(pair.privateKeyNoCopy());
    }

    /** The PEM text ("-----BEGIN PUBLIC KEY-----" ...) of a 32-byte X25519 public key. */
    public static String publicKeyPem(byte[] publicKey) {
        return KeyEncoding.publicKeyPem(publicKey);
    }

    public static byte[] parsePublicKeyPem(String pem) throws IOException {
        try {
            return KeyEncoding.parsePublicKeyPem(pem);
        } catch (IllegalArgumentException e) {
            throw new IOException("malformed public key PEM: " + e.getMessage());
        }
    }

    private static byte[] read(Path file) throws IOException {
        try {
            if (Files.size(file) > MAX_KEY_FILE) {
                throw new IOException(file + ": too large to be a key file");
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IOException(file + ": key file does not exist", e);
        }
    }

    private static void writeAtomically(Path file, byte[] content, String mode) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (!Files.isDirectory(dir)) {
            if (posix) {
                Files.createDirectories(dir, permissions(DIR_MODE));
            } else {
                Files.createDirectories(dir);
            }
        }
        Path tmp = posix
                ? Files.createTempFile(dir, "." + target.getFileName(), ".tmp", permissions(mode))
                : Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            if (posix) {
                // Exact mode whatever the umask; done while the file is still empty, before any secret.
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString(mode));
            }
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(content);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);  // the rename must not reach the disk before the content does
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    private static FileAttribute<?> permissions(String mode) {
        return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode));
    }
}
