package io.brine.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A server {@link SSLContext} from the two files operators have: a PEM certificate chain (leaf first) and
 * an unencrypted PKCS#8 PEM private key. A key that does not belong to the certificate is refused here, naming
 * both files, rather than failing every handshake later.
 */
public final class PemTls {
    private static final Pattern PKCS8 = Pattern.compile(
            "-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");
    private static final List<String> KEY_TYPES = List.of("RSA", "EC", "Ed25519", "Ed448");

    private PemTls() {
    }

    public static SSLContext load(Path certFile, Path keyFile) throws IOException {
        List<X509Certificate> chain = certificates(certFile);
        PrivateKey key = privateKey(keyFile);
        try {
            if (!belongTogether(key, chain.get(0).getPublicKey())) {
                throw new IOException("the key in " + keyFile + " does not belong to the certificate in " + certFile);
            }
            byte[] seed = new byte[12];
            new SecureRandom().nextBytes(seed);
            // The key store lives only in memory; its password guards nothing but the API's own use of it.
            char[] password = Base64.getEncoder().encodeToString(seed).toCharArray();
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("api", key, password, chain.toArray(new Certificate[0]));
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot use " + certFile + " and " + keyFile + " for TLS: " + e.getMessage(), e);
        }
    }

    private static List<X509Certificate> certificates(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> chain = CertificateFactory.getInstance("X.509").generateCertificates(in).stream()
                    .map(c -> (X509Certificate) c).toList();
            if (chain.isEmpty()) {
                throw new IOException(file + " holds no PEM certificate");
            }
            return chain;
        } catch (GeneralSecurityException e) {
            throw new IOException(file + " is not a PEM certificate chain: " + e.getMessage(), e);
        }
    }

    private static PrivateKey privateKey(Path file) throws IOException {
        Matcher m = PKCS8.matcher(Files.readString(file));
        if (!m.find()) {
            throw new IOException(file + " holds no unencrypted PKCS#8 key (-----BEGIN PRIVATE KEY-----); convert "
                    + "it with: openssl pkcs8 -topk8 -nocrypt -in OLD -out " + file);
        }
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(m.group(1)));
        for (String type : KEY_TYPES) {
            try {
                return KeyFactory.getInstance(type).generatePrivate(spec);
            } catch (GeneralSecurityException e) {
                // not this type; try the next
            }
        }
        throw new IOException(file + " holds a private key of a type other than " + KEY_TYPES);
    }

    private static boolean belongTogether(PrivateKey key, PublicKey certificateKey) throws GeneralSecurityException {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm();
        };
        byte[] probe = new byte[32];
        new SecureRandom().nextBytes(probe);
        Signature sign = Signature.getInstance(algorithm);
        sign.initSign(key);
        sign.update(probe);
        byte[] signature = sign.sign();
        Signature verify = Signature.getInstance(algorithm);
        try {
            verify.initVerify(certificateKey);
            verify.update(probe);
            return verify.verify(signature);
        } catch (java.security.InvalidKeyException | java.security.SignatureException e) {
            return false;
        }
    }
}
