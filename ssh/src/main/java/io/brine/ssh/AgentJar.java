package io.brine.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Brine's minion jar as {@code brine ssh} copies it to a roster host: the file, and its SHA-256, the name it is kept
 * under in the target user's cache so that it is copied once per build, not once per run.
 *
 * @param file   the jar on this machine
 * @param sha256 its SHA-256, in lower-case hex
 */
public record AgentJar(Path file, String sha256) {
    public AgentJar {
        Objects.requireNonNull(file, "file");
        if (!sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a SHA-256 in hex: " + sha256);
        }
    }

    /** The jar at {@code file}, read once to hash it. */
    public static AgentJar of(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[64 * 1024];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
        }
        return new AgentJar(file, HexFormat.of().formatHex(digest.digest()));
    }
}
