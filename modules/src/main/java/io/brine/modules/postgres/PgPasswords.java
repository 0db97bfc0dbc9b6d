package io.brine.modules.postgres;

import io.brine.functions.FunctionException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A role's password as PostgreSQL stores it, made on the minion as Salt makes it so the clear text never travels to
 * the server: {@code md5} ({@code md5} + MD5 of password and role, Salt's default) or {@code scram-sha-256} (RFC 7677's
 * verifier, 4096 iterations, a random 16-byte salt), from the JDK's own digests. A password already in either form
 * is kept as it is. Salt also applies SASLprep to a SCRAM password; Brine does not, so a password that Unicode
 * normalisation would change is stored as given.
 */
final class PgPasswords {
    private static final Pattern SCRAM = Pattern.compile("^SCRAM-SHA-256\\$(\\d+):([^$]+?)\\$");
    private final SecureRandom random;

    PgPasswords(SecureRandom random) {
        this.random = random;
    }

    /** Salt's {@code encrypted}: null, True and {@code md5} mean md5; False, clear text; or scram-sha-256. */
    static String method(Object encrypted) throws FunctionException {
        if (encrypted == null || Boolean.TRUE.equals(encrypted) || "md5".equals(encrypted)
                || "True".equals(encrypted)) {
            return "md5";
        }
        if (Boolean.FALSE.equals(encrypted) || "False".equals(encrypted)) {
            throw new FunctionException("postgres: unencrypted passwords were removed in PostgreSQL 10 "
                    + "(encrypted: False)");
        }
        if ("scram-sha-256".equals(encrypted)) {
            return "scram-sha-256";
        }
        throw new FunctionException("Unknown password algorithm: " + encrypted);
    }

    /** The stored form of {@code password} for {@code role}. */
    String encrypt(String role, String password, String method) throws FunctionException {
        if (method.equals("scram-sha-256")) {
            if (password.startsWith("SCRAM-SHA-256")) {
                return password;
            }
            byte[] salt = new byte[16];
            random.nextBytes(salt);
            return scram(password, salt, 4096);
        }
        return password.startsWith("md5") ? password : md5(role, password);
    }

    /** Whether {@code password} is what the stored {@code verifier} holds (Salt's {@code _verify_password}). */
    static boolean matches(String role, String password, String verifier, String method) throws FunctionException {
        if (verifier == null || verifier.isEmpty()) {
            return false;
        }
        if (method.equals("md5")) {
            return verifier.equals(password.startsWith("md5") ? password : md5(role, password));
        }
        if (password.startsWith("SCRAM-SHA-256")) {
            return verifier.equals(password);
        }
        Matcher m = SCRAM.matcher(verifier);
        if (!m.find()) {
            return false;
        }
        return verifier.equals(scram(password, Base64.getDecoder().decode(m.group(2)), Integer.parseInt(m.group(1))));
    }

    static String md5(String role, String password) throws FunctionException {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            return "md5" + HexFormat.of().formatHex(md5.digest((password + role).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new FunctionException("postgres: this JDK has no MD5: " + e.getMessage());
        }
    }

    static String scram(String password, byte[] salt, int iterations) throws FunctionException {
        try {
            byte[] salted = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                    .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256)).getEncoded();
            byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(hmac(salted, "Client Key"));
            byte[] serverKey = hmac(salted, "Server Key");
            Base64.Encoder b64 = Base64.getEncoder();
            return "SCRAM-SHA-256$" + iterations + ":" + b64.encodeToString(salt) + "$"
                    + b64.encodeToString(storedKey) + ":" + b64.encodeToString(serverKey);
        } catch (GeneralSecurityException e) {
            throw new FunctionException("postgres: cannot make a SCRAM verifier: " + e.getMessage());
        }
    }

    private static byte[] hmac(byte[] key, String text) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    }
}
