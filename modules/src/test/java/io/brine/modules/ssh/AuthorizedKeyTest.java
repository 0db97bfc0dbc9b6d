package io.brine.modules.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Lines of authorized_keys and known_hosts files, and the names and fingerprints the ssh states compare. */
class AuthorizedKeyTest {
    static final String KEY = "AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl";

    @Test
    void aLineSplitsIntoOptionsTypeKeyAndCommentWithQuotedCommasKept() {
        AuthorizedKey k = AuthorizedKey.parse("command=\"echo a, b\",no-pty ssh-ed25519 " + KEY + " deploy@ci  x");
        assertEquals(new AuthorizedKey(List.of("command=\"echo a, b\"", "no-pty"), "ssh-ed25519", KEY, "deploy@ci  x"), k);
        assertEquals("command=\"echo a, b\",no-pty ssh-ed25519 " + KEY + " deploy@ci  x", k.line());
        assertEquals(new AuthorizedKey(List.of(), "ecdsa-sha2-nistp256", KEY, ""),
                AuthorizedKey.parse("  ecdsa-sha2-nistp256 " + KEY));
        assertNull(AuthorizedKey.parse("# ssh-ed25519 " + KEY));
        assertNull(AuthorizedKey.parse(""));
        assertNull(AuthorizedKey.parse("just some words"));
        assertFalse(AuthorizedKey.parse("ssh-ed25519 not-base64!").valid());
    }

    @Test
    void settingAKeyAppendsItOrRewritesOnlyItsLine() {
        String text = "# keys\nno-pty ssh-ed25519 " + KEY + " old\n\nssh-rsa AAAAB3NzaC1yc2E= other\n";
        AuthorizedKeysFile file = AuthorizedKeysFile.of(text);
        AuthorizedKey same = AuthorizedKey.parse("no-pty ssh-ed25519 " + KEY + " old");
        assertEquals(AuthorizedKeysFile.Outcome.PRESENT, file.set(same));
        assertEquals(text, file.text());
        assertEquals(AuthorizedKeysFile.Outcome.UPDATED, file.set(same.withOptions(List.of())));
        assertEquals("# keys\nssh-ed25519 " + KEY + " old\n\nssh-rsa AAAAB3NzaC1yc2E= other\n", file.text());
        assertEquals(List.of(KEY, "AAAAB3NzaC1yc2E="), List.copyOf(file.keys().keySet()));
        assertTrue(file.remove("AAAAB3NzaC1yc2E="));
        assertFalse(file.remove("AAAAB3NzaC1yc2E="));
        assertEquals(AuthorizedKeysFile.Outcome.NEW, file.set(new AuthorizedKey(List.of(), "ssh-rsa", "AAAA", "")));
        assertEquals("# keys\nssh-ed25519 " + KEY + " old\n\nssh-rsa AAAA\n", file.text());
    }

    @Test
    void keyTypesAreRefinedAsSaltDoes() {
        assertEquals("ssh-ed25519", KeyTypes.refine("ed25519").orElseThrow());
        assertEquals("ecdsa-sha2-nistp256", KeyTypes.refine("ecdsa").orElseThrow());
        assertEquals("ecdsa-sha2-nistp384", KeyTypes.refine("ecdsa-sha2-nistp384").orElseThrow());
        assertEquals("ssh-rsa", KeyTypes.refine("rsa").orElseThrow());
        assertEquals("ssh-dss", KeyTypes.refine("dsa").orElseThrow());
        assertEquals("sk-ssh-ed25519@openssh.com", KeyTypes.refine("sk-ssh-ed25519@openssh.com").orElseThrow());
        assertTrue(KeyTypes.refine("blowfish").isEmpty());
    }

    @Test
    void configPathsExpandHomeAndUserRelativeToTheHome() {
        SshUser u = new SshUser("deploy", 1000, 1000, java.nio.file.Path.of("/home/deploy"));
        assertEquals("/home/deploy/.ssh/authorized_keys", u.file(".ssh/authorized_keys").toString());
        assertEquals("/home/deploy/keys/deploy%", u.file("%h/keys/%u%%").toString());
        assertEquals("/etc/ssh/keys/deploy", u.file("/etc/ssh/keys/%u").toString());
        assertEquals("AuthorizedKeysFile path: unknown token \"%x\" in %x",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> u.file("%x")).getMessage());
    }

    @Test
    void fingerprintsAreColonHexOrOpenSshsOwnForm() {
        String sha256 = Fingerprints.of(KEY, null).orElseThrow();
        assertEquals(32 * 3 - 1, sha256.length());
        assertTrue(Fingerprints.matches(KEY, sha256, null));
        assertTrue(Fingerprints.matches(KEY, Fingerprints.of(KEY, "md5").orElseThrow(), "md5"));
        assertFalse(Fingerprints.matches(KEY, sha256, "md5"));
        assertTrue(Fingerprints.of("***", null).isEmpty());
    }

    @Test
    void hashedHostNamesMatchOnlyTheirOwnName() {
        HashedHostName hasher = new HashedHostName(new java.security.SecureRandom());
        String hashed = hasher.hash("[git.example.com]:2222");
        assertTrue(hashed.matches("\\|1\\|[A-Za-z0-9+/]{27}=\\|[A-Za-z0-9+/]{27}="), hashed);
        assertTrue(new KnownHost(hashed, "ssh-ed25519", KEY).isFor("[git.example.com]:2222"));
        assertFalse(new KnownHost(hashed, "ssh-ed25519", KEY).isFor("git.example.com"));
        assertFalse(hashed.equals(hasher.hash("[git.example.com]:2222")), "each hash has its own salt");
        assertTrue(new KnownHost("a.example.com,Git.Example.com,10.0.0.1", "ssh-rsa", KEY).isFor("git.example.com"));
        assertEquals(Map.of("hostname", "h", "enc", "e", "key", KEY, "fingerprint", Fingerprints.of(KEY, null).get()),
                new KnownHost("h", "e", KEY).describe(null));
    }
}
