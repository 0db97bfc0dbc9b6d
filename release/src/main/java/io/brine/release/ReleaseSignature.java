package io.brine.release;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The detached signature of a release bundle ({@code BUNDLE.sig}): what the bundle is (its kind, version, size and
 * SHA-256), the fingerprint of the release key that signed it, and the Ed25519 signature over the first four, as
 * text:
 *
 * <pre>
 * brine-release: 1
 * kind: deb
 * version: 0.2.0
 * size: 9781234
 * sha256: 5f0c...
 * key: SHA256:9a1e...
 * signature: 3Jw...==
 * </pre>
 *
 * Signing reads the version from the bundle, so what a minion is told it installs is what the release key vouched
 * for; checking ({@link #check}) refuses any bundle whose bytes, size or kind differ, and any signature not made by
 * a trusted key, before anything is written.
 */
public record ReleaseSignature(Release release, String keyFingerprint, byte[] signature) {
    public static final String FORMAT = "1";
    private static final int MAX_TEXT = 16 * 1024;
    private static final Pattern VERSION = Pattern.compile("[0-9][A-Za-z0-9.+~:-]{0,63}");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final List<String> FIELDS = List.of("brine-release", "kind", "version", "size", "sha256", "key",
            "signature");

    /** What a signature vouches for. */
    public record Release(BundleKind kind, String version, long size, String sha256) {
        public Release {
            if (!VERSION.matcher(version).matches()) {
                throw new IllegalArgumentException("not a version: " + version);
            }
            if (size < 0 || !SHA256.matcher(sha256).matches()) {
                throw new IllegalArgumentException("a release needs its size and SHA-256");
            }
        }

        /** The exact bytes the release key signs. */
        byte[] statement() {
            return ("brine-release: " + FORMAT + "\nkind: " + kind.word() + "\nversion: " + version + "\nsize: " + size
                    + "\nsha256: " + sha256 + "\n").getBytes(StandardCharsets.UTF_8);
        }
    }

    public ReleaseSignature {
        signature = signature.clone();
    }

    /** Signs {@code bundle}, of {@code version}, with {@code key} (whose public half is {@code publicKey}). */
    public static ReleaseSignature sign(Path bundle, String version, PrivateKey key, PublicKey publicKey)
            throws IOException {
        BundleKind kind = BundleKind.of(bundle).orElseThrow(() -> new IOException(bundle
                + ": neither a .deb nor a jar"));
        Release release = new Release(kind, version, Files.size(bundle), sha256(bundle, Long.MAX_VALUE));
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(key);
            s.update(release.statement());
            return new ReleaseSignature(release, ReleaseKeys.fingerprint(publicKey), s.sign());
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot sign with that key: " + e.getMessage());
        }
    }

    /** The {@code .sig} file's text. */
    public String text() {
        return new String(release.statement(), StandardCharsets.UTF_8) + "key: " + keyFingerprint + "\nsignature: "
                + Base64.getEncoder().encodeToString(signature) + "\n";
    }

    /** Reads a {@code .sig} file's text, refusing anything not exactly in its form. */
    public static ReleaseSignature parse(String text) throws ReleaseRefused {
        if (text.length() > MAX_TEXT) {
            throw new ReleaseRefused("the signature file is larger than " + MAX_TEXT + " bytes");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : text.split("\n", -1)) {
            if (line.isEmpty()) {
                continue;
            }
            int colon = line.indexOf(": ");
            if (colon < 0 || fields.put(line.substring(0, colon), line.substring(colon + 2)) != null) {
                throw new ReleaseRefused("the signature file is malformed");
            }
        }
        if (!List.copyOf(fields.keySet()).equals(FIELDS) || !FORMAT.equals(fields.get("brine-release"))) {
            throw new ReleaseRefused("the signature file is malformed or of another format");
        }
        try {
            BundleKind kind = BundleKind.ofWord(fields.get("kind"))
                    .orElseThrow(() -> new ReleaseRefused("the signature names an unknown kind of bundle"));
            Release release = new Release(kind, fields.get("version"), Long.parseLong(fields.get("size")),
                    fields.get("sha256"));
            return new ReleaseSignature(release, fields.get("key"), Base64.getDecoder().decode(fields.get("signature")));
        } catch (IllegalArgumentException e) {
            throw new ReleaseRefused("the signature file is malformed: " + e.getMessage());
        }
    }

    /**
     * What {@code bundle} is, if this signature is by one of {@code trusted} and the bundle is the one it signed.
     *
     * @throws ReleaseRefused naming why not: no trusted key, an unknown key, a bad signature, another size (a
     *     truncated bundle), other bytes (a tampered one), another kind
     */
    public Release check(Path bundle, List<PublicKey> trusted) throws ReleaseRefused {
        if (trusted.isEmpty()) {
            throw new ReleaseRefused("no update_keys are trusted on this minion");
        }
        PublicKey key = trusted.stream().filter(k -> ReleaseKeys.fingerprint(k).equals(keyFingerprint)).findFirst()
                .orElseThrow(() -> new ReleaseRefused("signed by a key this minion does not trust (" + keyFingerprint
                        + ")"));
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initVerify(key);
            s.update(release.statement());
            if (!s.verify(signature)) {
                throw new ReleaseRefused("the signature does not verify with key " + keyFingerprint);
            }
        } catch (GeneralSecurityException e) {
            throw new ReleaseRefused("the signature does not verify: " + e.getMessage());
        }
        try {
            long size = Files.size(bundle);
            if (size != release.size()) {
                throw new ReleaseRefused("the bundle is " + size + " bytes, the signed one " + release.size()
                        + " (truncated or another file)");
            }
            if (BundleKind.of(bundle).orElse(null) != release.kind()) {
                throw new ReleaseRefused("the bundle is not the " + release.kind().word() + " that was signed");
            }
            if (!sha256(bundle, release.size()).equals(release.sha256())) {
                throw new ReleaseRefused("the bundle's SHA-256 differs from the signed one (altered)");
            }
        } catch (IOException e) {
            throw new ReleaseRefused("cannot read the bundle: " + e.getMessage());
        }
        return release;
    }

    /** The hex SHA-256 of {@code file}, reading at most {@code limit} bytes. */
    static String sha256(Path file, long limit) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buf = new byte[64 * 1024];
        long left = limit;
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while (left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
                md.update(buf, 0, n);
                left -= n;
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
