package io.brine.modules;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The digests Salt names ({@code md5}, {@code sha1}, {@code sha224}, {@code sha256}, {@code sha384},
 * {@code sha512}) as the JDK names them: one table for {@code file.get_hash} and every {@code source_hash}
 * ({@link SourceDigest}).
 */
public final class Digests {
    /** Salt's names, in the order Salt documents them. */
    public static final List<String> NAMES = List.of("md5", "sha1", "sha224", "sha256", "sha384", "sha512");

    private static final Map<String, String> JAVA_NAMES = Map.of("md5", "MD5", "sha1", "SHA-1", "sha224", "SHA-224",
            "sha256", "SHA-256", "sha384", "SHA-384", "sha512", "SHA-512");

    private Digests() {}

    /** A fresh digest for Salt's {@code name}, in any case; the caller has checked it is one of {@link #NAMES}. */
    public static MessageDigest of(String name) {
        String java = JAVA_NAMES.get(name.toLowerCase(Locale.ROOT));
        if (java == null) {
            throw new IllegalArgumentException("unknown digest " + name + "; expected one of " + NAMES);
        }
        try {
            return MessageDigest.getInstance(java);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + java, e); // every JDK has these six
        }
    }
}
