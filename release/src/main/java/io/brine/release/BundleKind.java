package io.brine.release;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/** What a release bundle is, by its first bytes: the brine-minion .deb, or the minion jar of an unpackaged install. */
public enum BundleKind {
    DEB("deb", "!<arch>\n".getBytes(StandardCharsets.US_ASCII)),
    JAR("jar", new byte[] {'P', 'K', 3, 4});

    private final String word;
    private final byte[] magic;

    BundleKind(String word, byte[] magic) {
        this.word = word;
        this.magic = magic;
    }

    public String word() {
        return word;
    }

    static Optional<BundleKind> ofWord(String word) {
        return Arrays.stream(values()).filter(k -> k.word.equals(word)).findFirst();
    }

    /** The kind of {@code file}, or empty for anything else. */
    public static Optional<BundleKind> of(Path file) throws IOException {
        byte[] head = new byte[8];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        for (BundleKind k : values()) {
            if (n >= k.magic.length && Arrays.equals(head, 0, k.magic.length, k.magic, 0, k.magic.length)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
