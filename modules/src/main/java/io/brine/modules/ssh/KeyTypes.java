package io.brine.modules.ssh;

import java.util.Optional;
import java.util.Set;

/**
 * Key type names as Salt's ssh module accepts them: short forms ({@code rsa}, {@code ed25519}, {@code ecdsa},
 * {@code dsa}) become the names OpenSSH writes, and the other algorithm names it knows pass unchanged.
 */
final class KeyTypes {
    private static final Set<String> RSA = Set.of("r", "rsa", "ssh-rsa");
    private static final Set<String> DSS = Set.of("d", "dsa", "dss", "ssh-dss");
    private static final Set<String> ECDSA = Set.of("ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521");
    private static final Set<String> ED25519 = Set.of("ed25519", "ssh-ed25519");
    private static final Set<String> AS_WRITTEN = Set.of(
            "rsa-sha2-512", "rsa-sha2-256", "rsa-sha2-512-cert-v01@openssh.com", "rsa-sha2-256-cert-v01@openssh.com",
            "ssh-rsa-cert-v01@openssh.com", "ecdsa-sha2-nistp256-cert-v01@openssh.com",
            "ecdsa-sha2-nistp384-cert-v01@openssh.com", "ecdsa-sha2-nistp521-cert-v01@openssh.com",
            "sk-ecdsa-sha2-nistp256@openssh.com", "sk-ecdsa-sha2-nistp256-cert-v01@openssh.com",
            "ssh-ed25519-cert-v01@openssh.com", "sk-ssh-ed25519@openssh.com", "sk-ssh-ed25519-cert-v01@openssh.com");

    private KeyTypes() {}

    /** The OpenSSH name for {@code enc}, or empty for a type nobody knows. */
    static Optional<String> refine(String enc) {
        if (RSA.contains(enc)) {
            return Optional.of("ssh-rsa");
        }
        if (DSS.contains(enc)) {
            return Optional.of("ssh-dss");
        }
        if (enc.equals("e") || enc.equals("ecdsa")) {
            return Optional.of("ecdsa-sha2-nistp256"); // the curve Salt assumes when none is named
        }
        if (ED25519.contains(enc)) {
            return Optional.of("ssh-ed25519");
        }
        return ECDSA.contains(enc) || AS_WRITTEN.contains(enc) ? Optional.of(enc) : Optional.empty();
    }

    static String unknown(String enc) {
        return "Incorrect encryption key type '" + enc + "'.";
    }
}
