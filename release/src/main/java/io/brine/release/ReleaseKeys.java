package io.brine.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Release keys: Ed25519 pairs made and read with the JDK's own implementation, stored as PEM that {@code openssl
 * pkey} reads (PKCS#8 for the private key, mode 0600 from the moment the file exists; X.509 SubjectPublicKeyInfo
 * for the public one). A minion lists the public keys it trusts in {@code update_keys}.
 *
 * <pre>{@code
 * ReleaseKeys.Written w = ReleaseKeys.generate(Path.of("keys"));   // keys/release.key, keys/release.pub
 * PublicKey trusted = ReleaseKeys.readPublic(w.publicKey());
 * }</pre>
 */
public final class ReleaseKeys {
    public static final String PRIVATE_FILE = "release.key";
    public static final String PUBLIC_FILE = "release.pub";
    private static final String ALGORITHM = "Ed25519";
    private static final int MAX_PEM = 16 * 1024;

    /** Where {@link #generate} wrote the pair. */
    public record Written(Path privateKey, Path publicKey, String fingerprint) {
    }

    private ReleaseKeys() {
    }

    /**
     * Makes a new pair in {@code dir} (created if missing); refuses to overwrite a key that is there.
     *
     * @throws IOException if a key file exists already or cannot be written
     */
    public static Written generate(Path dir) throws IOException {
        KeyPair pair;
        try {
            pair = KeyPairGenerator.getInstance(ALGORITHM).generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no Ed25519", e);
        }
        Files.createDirectories(dir);
        Path priv = dir.resolve(PRIVATE_FILE);
        Path pub = dir.resolve(PUBLIC_FILE);
        for (Path p : new Path[] {priv, pub}) {
            if (Files.exists(p)) {
                throw new FileAlreadyExistsException(p + " exists; a release key is never overwritten");
            }
        }
        write(priv, pem("PRIVATE KEY", pair.getPrivate().getEncoded()), "rw-------");
        write(pub, pem("PUBLIC KEY", pair.getPublic().getEncoded()), "rw-r--r--");
        return new Written(priv, pub, fingerprint(pair.getPublic()));
    }

    public static PrivateKey readPrivate(Path file) throws IOException {
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(
                    unpem("PRIVATE KEY", read(file), file.toString())));
        } catch (GeneralSecurityException e) {
            throw new IOException(file + ": not an Ed25519 private key: " + e.getMessage());
        }
    }

    public static PublicKey readPublic(Path file) throws IOException {
        return parsePublic(new String(read(file), StandardCharsets.US_ASCII), file.toString());
    }

    /** A public key given as PEM text ({@code update_keys} may list them inline); {@code origin} names it. */
    public static PublicKey parsePublic(String pem, String origin) throws IOException {
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(
                    unpem("PUBLIC KEY", pem.getBytes(StandardCharsets.US_ASCII), origin)));
        } catch (GeneralSecurityException e) {
            throw new IOException(origin + ": not an Ed25519 public key: " + e.getMessage());
        }
    }

    /** {@code SHA256:} and the hex digest of the key's encoded form: how signatures and logs name a key. */
    public static String fingerprint(PublicKey key) {
        try {
            return "SHA256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getEncoded()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] read(Path file) throws IOException {
        if (Files.size(file) > MAX_PEM) {
            throw new IOException(file + ": too large to be a key file");
        }
        return Files.readAllBytes(file);
    }

    private static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

    private static byte[] unpem(String label, byte[] text, String origin) throws IOException {
        String s = new String(text, StandardCharsets.US_ASCII).strip();
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        if (!s.startsWith(begin) || !s.endsWith(end)) {
            throw new IOException(origin + ": not a PEM " + label.toLowerCase(java.util.Locale.ROOT));
        }
        try {
            return Base64.getMimeDecoder().decode(s.substring(begin.length(), s.length() - end.length()));
        } catch (IllegalArgumentException e) {
            throw new IOException(origin + ": malformed PEM: " + e.getMessage());
        }
    }

    private static void write(Path file, String text, String mode) throws IOException {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode)));
        Files.writeString(file, text, StandardCharsets.US_ASCII, StandardOpenOption.TRUNCATE_EXISTING);
    }
}
