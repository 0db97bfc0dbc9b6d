package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.master.internal.AuditLog;
import io.brine.targeting.MinionFacts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PublisherAclTest {
    private static final Map<String, Map<String, Object>> GRAINS = Map.of(
            "web1", Map.of("role", "web"), "web2", Map.of("role", "web"), "db1", Map.of("role", "db"));

    private static AccessPolicy policy(String yaml) {
        MasterConfig config = MasterConfig.from(ConfigFile.parse(yaml, "master.yaml"));
        return new AccessPolicy(config.access().publisherAcl(), config.access().publisherAclLocal(),
                (id, grains, pillar) -> new MinionFacts(id, grains ? GRAINS.get(id) : null, null));
    }

    @Test
    void grantsAreCheckedAgainstEveryResolvedMinion() {
        AccessPolicy p = policy("publisher_acl:\n  alice:\n    - 'G@role:web': [test.*, 'pkg.ver?ion']\n"
                + "    - 'db1': [service.status]\n");
        Principal alice = Principal.named("alice", "t");
        assertDoesNotThrow(() -> p.checkPublish(alice, "test.ping", List.of("web1", "web2")));
        assertDoesNotThrow(() -> p.checkPublish(alice, "pkg.version", List.of("web1")));
        assertDoesNotThrow(() -> p.checkPublish(alice, "service.status", List.of("db1")));
        assertThrows(AccessDeniedException.class, () -> p.checkPublish(alice, "test.ping", List.of("web1", "db1")));
        assertThrows(AccessDeniedException.class, () -> p.checkPublish(alice, "service.status", List.of("web1")));
        assertThrows(AccessDeniedException.class, () -> p.checkPublish(alice, "pkg.install", List.of("web1")));
        // A minion whose grains the master lacks is not covered by a grain grant: doubt never grants.
        assertThrows(AccessDeniedException.class, () -> p.checkPublish(alice, "test.ping", List.of("new9")));
        // No minions: nothing is run, nothing to refuse.
        assertDoesNotThrow(() -> p.checkPublish(alice, "test.ping", List.of()));
    }

    @Test
    void localCallersAreAdminUnlessTurnedOffAndOthersGetNothing() {
        AccessPolicy open = policy("");
        assertDoesNotThrow(() -> open.checkPublish(Principal.local("local", "t"), "cmd.run", List.of("db1")));
        assertThrows(AccessDeniedException.class,
                () -> open.checkPublish(Principal.named("bob", "t"), "test.ping", List.of("db1")));
        assertThrows(AccessDeniedException.class,
                () -> open.checkRight(Principal.named("bob", "t"), "@keys", "list keys"));
        AccessPolicy closed = policy("publisher_acl_local: false\n");
        assertThrows(AccessDeniedException.class,
                () -> closed.checkPublish(Principal.local("local", "t"), "test.ping", List.of("db1")));
    }

    @Test
    void malformedEntriesAreErrorsNamingFileLineAndEntry() {
        ConfigException e = assertThrows(ConfigException.class, () -> policy("timeout: 5\npublisher_acl:\n"
                + "  alice:\n    - '@root'\n"));
        assertTrue(e.getMessage().startsWith("master.yaml:2:"), e.getMessage());
        assertTrue(e.getMessage().contains("unknown right '@root'"), e.getMessage());
        assertThrows(ConfigException.class, () -> policy("publisher_acl:\n  alice:\n    - 'G@': [test.*]\n"));
        assertThrows(ConfigException.class, () -> policy("publisher_acl:\n  alice: test.*\n"));
        assertThrows(ConfigException.class, () -> policy("publisher_acl:\n  'bad name': [test.*]\n"));
    }

    @Test
    void aGrantIsWithinAnotherOnlyWhenEveryGlobTargetAndRightIsSurelyCovered() {
        PublisherAcl acl = MasterConfig.from(ConfigFile.parse("""
                publisher_acl:
                  wide: ['*', '@keys', {'@tokens': ['ci-*']}]
                  web: [{'web*': ['test.*', pkg.version]}, '@events']
                  narrow: [{'web*': [test.ping]}]
                  other-target: [{'db*': [test.ping]}]
                  sneaky: [{'web*': ['test.*.x*']}]
                  starry: [{'web*': ['t*']}]
                  tokens: [{'@tokens': ['ci-1']}]
                """, "master.yaml")).access().publisherAcl();
        assertTrue(acl.of("narrow").within(acl.of("web")));
        assertTrue(acl.of("narrow").within(acl.of("wide")), "a grant for any target covers one for web*");
        assertTrue(acl.of("sneaky").within(acl.of("web")), "test.*.x* only names what test.* names");
        assertTrue(!acl.of("starry").within(acl.of("web")), "t* names more than test.*");
        assertTrue(!acl.of("other-target").within(acl.of("web")), "another target is not surely covered");
        assertTrue(!acl.of("web").within(acl.of("wide")), "@events is not wide's");
        assertTrue(!acl.of("web").within(acl.of("narrow")));
        assertTrue(acl.of("tokens").within(acl.of("wide")));
        assertTrue(!acl.of("wide").within(acl.of("tokens")));
        assertTrue(acl.of("nobody").within(acl.of("narrow")), "nothing is within anything");
    }

    @Test
    void tokensCanBeMadeOnlyForNamesTheGrantListsAndNoWiderThanTheMaker() {
        MasterConfig config = MasterConfig.from(ConfigFile.parse("""
                publisher_acl:
                  token:ci: [test.*, {'@tokens': ['ci-*', '*bot']}]
                  token:ci-root: ['*']
                  token:plain: ['@tokens']
                """, "master.yaml"));
        AccessPolicy p = new AccessPolicy(config.access().publisherAcl(), true, (id, g, pi) -> null,
                name -> name.equals("robot"));
        Principal ci = Principal.named("token:ci", "t");
        assertDoesNotThrow(() -> p.checkTokenName(ci, "ci-7", "create"));
        assertThrows(AccessDeniedException.class, () -> p.checkTokenName(ci, "admin", "revoke"));
        assertThrows(AccessDeniedException.class, () -> p.checkTokenName(ci, "ci-root", "create"));
        assertThrows(AccessDeniedException.class, () -> p.checkTokenName(ci, "robot", "create"), "a client key");
        assertThrows(AccessDeniedException.class, () -> p.checkTokenName(Principal.named("token:plain", "t"), "x",
                "create"));
        assertThrows(AccessDeniedException.class, () -> p.checkTokenName(Principal.named("token:none", "t"), "ci-1",
                "create"));
        assertDoesNotThrow(() -> p.checkTokenName(Principal.local("local", "t"), "admin", "create"));
        assertThrows(ConfigException.class, () -> MasterConfig.from(ConfigFile.parse(
                "publisher_acl:\n  a: [{'@keys': [x]}]\n", "master.yaml")));
        assertThrows(ConfigException.class, () -> MasterConfig.from(ConfigFile.parse(
                "publisher_acl:\n  a: [{'@tokens': []}]\n", "master.yaml")));
    }

    @Test
    void functionGlobsMatchWholeNames() {
        assertTrue(FunctionGlob.compile("test.*").matches("test.ping"));
        assertTrue(!FunctionGlob.compile("test.*").matches("xtest.ping"));
        assertTrue(FunctionGlob.compile("[!c]*.run").matches("x.run"));
        assertTrue(!FunctionGlob.compile("[!c]*.run").matches("cmd.run"));
        assertTrue(!FunctionGlob.compile("pkg.version").matches("pkgXversion"));
    }

    @Test
    void auditedArgumentsHideSecrets() {
        Object redacted = AuditLog.redact(Map.of("name", "db", "password", "hunter2",
                "nested", Map.of("api_token", "t0k"), "list", List.of("user=bob", "secret=s3")));
        String text = redacted.toString();
        assertTrue(!text.contains("hunter2") && !text.contains("t0k") && !text.contains("s3"), text);
        assertTrue(text.contains("user=bob") && text.contains("name=db"), text);
    }
}
