package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.targeting.MinionFacts;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MineAclTest {
    private static final Map<String, Map<String, Object>> GRAINS = Map.of(
            "a-web", Map.of("tenant", "a"), "a-db", Map.of("tenant", "a"),
            "b-web", Map.of("tenant", "b"), "mon1", Map.of("tenant", "ops"));
    private static final AccessPolicy.FactsSource FACTS =
            (id, grains, pillar) -> new MinionFacts(id, grains ? GRAINS.get(id) : null, null);
    private static final Map<String, Object> ADDRESSES = Map.of("a-web", "10.0.0.1", "a-db", "10.0.0.2",
            "b-web", "10.1.0.1", "new9", "10.2.0.1");

    private static MineAcl acl(String yaml) {
        return MasterConfig.from(ConfigFile.parse(yaml, "master.yaml")).access().mineAcl();
    }

    @Test
    void withoutMineAclEveryMinionReadsEverythingAsInSalt() {
        MineAcl open = acl("");
        assertTrue(open.open());
        assertEquals(ADDRESSES, open.visible("b-web", "network.ip_addrs", ADDRESSES, FACTS));
    }

    @Test
    void aTenantsMinionReadsOnlyItsOwnTenantsEntries() {
        MineAcl acl = acl("mine_acl:\n  'G@tenant:a':\n    - 'G@tenant:a': ['*']\n"
                + "  'G@tenant:b':\n    - 'G@tenant:b': [network.*]\n");
        assertEquals(Map.of("a-web", "10.0.0.1", "a-db", "10.0.0.2"),
                acl.visible("a-web", "network.ip_addrs", ADDRESSES, FACTS));
        assertEquals(Map.of("b-web", "10.1.0.1"), acl.visible("b-web", "network.ip_addrs", ADDRESSES, FACTS));
        assertEquals(Map.of(), acl.visible("b-web", "grains.items", ADDRESSES, FACTS),
                "a function tenant b's entry does not grant");
    }

    @Test
    void aReaderNoKeyMatchesReadsNothingAndDoubtGrantsNothing() {
        MineAcl acl = acl("mine_acl:\n  'mon*':\n    - network.ip_addrs\n  'G@tenant:a':\n    - 'G@tenant:a': ['*']\n");
        assertEquals(ADDRESSES, acl.visible("mon1", "network.ip_addrs", ADDRESSES, FACTS),
                "a function granted for any target reads every minion, even one whose grains are unknown");
        assertEquals(Map.of(), acl.visible("b-web", "network.ip_addrs", ADDRESSES, FACTS));
        // new9 has reported no grains: its tenant is unknown, so neither it reads tenant a nor tenant a reads it
        assertEquals(Map.of(), acl.visible("new9", "network.ip_addrs", ADDRESSES, FACTS));
        assertEquals(Map.of("a-web", "10.0.0.1", "a-db", "10.0.0.2"),
                acl.visible("a-db", "network.ip_addrs", ADDRESSES, FACTS));
    }

    @Test
    void malformedEntriesAreErrorsNamingFileLineAndEntry() {
        ConfigException bad = assertThrows(ConfigException.class,
                () -> acl("timeout: 5\nmine_acl:\n  'G@tenant:a':\n    - '@keys'\n"));
        assertTrue(bad.getMessage().startsWith("master.yaml:2:"), bad.getMessage());
        assertTrue(bad.getMessage().contains("not rights like @keys"), bad.getMessage());
        ConfigException target = assertThrows(ConfigException.class,
                () -> acl("mine_acl:\n  'G@tenant:a and':\n    - '*'\n"));
        assertTrue(target.getMessage().contains("reader target 'G@tenant:a and'"), target.getMessage());
    }
}
