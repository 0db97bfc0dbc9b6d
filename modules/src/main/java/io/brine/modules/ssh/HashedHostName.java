package io.brine.modules.ssh;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Host names as {@code ssh-keygen -H} hashes them (HashKnownHosts): {@code |1|salt|hmac}, where the salt is 20
 * random bytes and the hmac HMAC-SHA1 of the name keyed with that salt, both in base64. The name is the one ssh
 * looks up: {@code host}, or {@code [host]:port} for another port than 22.
 */
final class HashedHostName {
    private static final String MAGIC = "|1|";
    private static final String HMAC = "HmacSHA1";
    private static final int SALT_BYTES = 20; // the length of a SHA-1 block's digest, as OpenSSH uses

    private final SecureRandom random;

    HashedHostName(SecureRandom random) {
        this.random = random;
    }

    String hash(String name) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        Base64.Encoder b64 = Base64.getEncoder();
        return MAGIC + b64.encodeToString(salt) + "|" + b64.encodeToString(hmac(salt, name));
    }

    static boolean isHashed(String field) {
        return field.startsWith(MAGIC);
    }

    /** Whether a hashed host field stands for {@code name}; false for a malformed one. */
    static boolean matches(String field, String name) {
        if (!isHashed(field)) {
            return false;
        }
        String[] parts = field.substring(MAGIC.length()).split("\\|", -1);
        if (parts.length != 2) {
            return false;
        }
        try {
            byte[] salt = Base64.getDecoder().decode(parts[0]);
            byte[] expected = Base64.getDecoder().decode(parts[1]);
            return MessageDigest.isEqual(expected, hmac(salt, name));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static byte[] hmac(byte[] salt, String name) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(salt, HMAC));
            return mac.doFinal(name.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK offers no " + HMAC, e); // every Java SE runtime must
        }
    }
}
