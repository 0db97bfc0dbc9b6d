package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Salt's {@code master} as a string or a list, {@code master_type: failover}, and each entry's address. */
class MinionMastersConfigTest {
    private static MinionConfig read(String yaml) {
        return MinionConfig.from(ConfigFile.parse("id: m1\n" + yaml, "minion.yaml"));
    }

    private static String refusal(String yaml) {
        return assertThrows(ConfigException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void oneMasterIsAsBefore() {
        MinionConfig c = read("master: salt.example\nmaster_port: 4606\n");
        assertEquals(List.of("tcp://salt.example:4606"), c.masterAddresses());
        assertEquals(List.of(), c.failover());
        assertEquals(List.of("tcp://[fd00::5]:4506"), read("master: 'fd00::5'\n").masterAddresses());
    }

    @Test
    void aFailoverListIsTakenInOrderEachWithItsPortOrTheDefault() {
        MinionConfig c = read("master: [m1.example, 'm2.example:4600', '[fd00::7]:4601', '[fd00::8]']\n"
                + "master_type: failover\nmaster_port: 4506\n");
        assertEquals("m1.example", c.master());
        assertEquals(List.of("tcp://m1.example:4506", "tcp://m2.example:4600", "tcp://[fd00::7]:4601",
                "tcp://[fd00::8]:4506"), c.masterAddresses());
    }

    @Test
    void aListWithoutFailoverIsConnectedToAllAtOnceAsSaltsDefault() {
        MinionConfig c = read("master: [m1.example, 'm2.example:4600']\n");
        assertTrue(c.hotHot());
        assertEquals(List.of(), c.failover());
        assertEquals(List.of("m2.example:4600"), c.multiMaster());
        assertEquals(List.of("tcp://m1.example:4506", "tcp://m2.example:4600"), c.masterAddresses());
        assertEquals(c.multiMaster(),
                read("master: [m1.example, 'm2.example:4600']\nmaster_type: str\n").multiMaster());
        MinionConfig failover = read("master: [m1.example, m2.example]\nmaster_type: failover\n");
        assertTrue(!failover.hotHot() && failover.failover().equals(List.of("m2.example")));
        // withMultiMaster and withFailover each clear the other; the record refuses both at once
        assertEquals(List.of(), failover.withMultiMaster(List.of("m3")).failover());
        assertEquals(List.of(), c.withFailover(List.of("m2")).multiMaster());
        assertThrows(IllegalArgumentException.class, () -> new MinionConfig(c.id(), c.master(), 4506, null, true,
                c.pkiDir(), c.cacheDir(), c.grains(), 1, c.heartbeat(), List.of(), List.of(), false, c.eventSocket(), null,
                false, c.functionPolicy(), 4096, 1 << 20, c.logging(), List.of("m2"), List.of("m3"), null,
                c.extensions(), c.updates(), c.recurring()));
    }

    @Test
    void whatCannotBeDoneIsRefusedNamingFileLineAndKey() {
        assertEquals("minion.yaml:3: master_type: failover needs a list of masters in 'master'",
                refusal("master: m1\nmaster_type: failover\n"));
        assertTrue(refusal("master: [m1]\nmaster_type: func\n").startsWith("minion.yaml:3: master_type must be"));
        assertEquals("minion.yaml:2: 'master' is an empty list: name at least one master",
                refusal("master: []\nmaster_type: failover\n"));
        assertEquals("minion.yaml:2: 'm2:http' in 'master' is not a host, host:port, [v6] or [v6]:port",
                refusal("master: [m1, 'm2:http']\nmaster_type: failover\n"));
        assertEquals("minion.yaml:2: 'm2:70000' in 'master' is not a host, host:port, [v6] or [v6]:port",
                refusal("master: 'm2:70000'\n"));
    }

    @Test
    void aMinionOverHttpsNamesItsMasterByUrlAndItsProxyAndCas() {
        MinionConfig c = read("transport: https\nmaster_url: https://brine.example.net:4520\n"
                + "https_proxy: http://proxy.tenant.local:3128\nca_file: /etc/brine/ca.pem\n");
        assertEquals(List.of("https://brine.example.net:4520"), c.masterAddresses());
        assertEquals("http://proxy.tenant.local:3128", c.https().proxy());
        assertEquals(java.nio.file.Path.of("/etc/brine/ca.pem"), c.https().caFile());
        MinionConfig failover = read("transport: https\nmaster_type: failover\n"
                + "master_url: ['https://m1:4520', 'https://m2:4520']\n");
        assertEquals(List.of("https://m1:4520", "https://m2:4520"), failover.masterAddresses());
        assertTrue(!failover.hotHot());
        assertEquals(null, read("master: m1\n").https(), "the ZeroMQ transport, as before");
    }

    @Test
    void httpsSettingsThatCannotWorkAreRefusedNamingFileLineAndKey() {
        assertEquals("minion.yaml:2: transport: https needs master_url (https://host:port)",
                refusal("transport: https\n"));
        assertEquals("minion.yaml:3: master_url 'http://m1:4520' is not an https://host:port URL",
                refusal("transport: https\nmaster_url: http://m1:4520\n"));
        assertEquals("minion.yaml:2: 'master_url' is for 'transport: https'; this minion uses the ZeroMQ transport",
                refusal("master_url: https://m1:4520\n"));
        assertEquals("minion.yaml:2: transport must be 'zmq' (the default) or 'https'",
                refusal("transport: websocket\n"));
        assertEquals("minion.yaml:4: https_proxy 'proxy' is not host:port or http://host:port",
                refusal("transport: https\nmaster_url: https://m1:4520\nhttps_proxy: proxy\n"));
        assertEquals("minion.yaml:2: with transport: https the masters are named by master_url, not master",
                refusal("master: m1\ntransport: https\nmaster_url: https://m1:4520\n"));
    }
}
