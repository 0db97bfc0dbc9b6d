package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pillar as Salt renders it: Jinja over the minion's grains, and a top file that targets by grain. */
class JinjaPillarTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void pillarFilesAreJinjaAndTheTopFileMatchesGrains(@TempDir Path root) throws Exception {
        Path pillar = Files.createDirectories(root.resolve("pillar"));
        Files.writeString(pillar.resolve("top.sls"), """
                base:
                  '*':
                    - common
                  'G@role:web':
                    - match: compound
                    - web
                  'role:db':
                    - match: grain
                    - db
                """);
        Files.writeString(pillar.resolve("common.sls"), """
                {% import_yaml 'defaults.yaml' as defaults %}
                who: {{ grains['id'] }}
                port: {{ defaults.port + 1 }}
                family: {{ salt['grains.filter_by']({'Debian': 'deb', 'default': 'other'}) }}
                """);
        Files.writeString(pillar.resolve("defaults.yaml"), "port: 8079\n");
        Files.writeString(pillar.resolve("web.sls"), "tier: {{ 'front' | upper }}\n");
        Files.writeString(pillar.resolve("db.sls"), "tier: back\n");
        try (TestCluster c = TestCluster.start(root, "pillar_roots:\n  base:\n    - " + pillar + "\n")) {
            Minion web = c.addMinion("web1", m -> m.withGrains(Map.of("role", "web", "os_family", "Debian")));
            TestCluster.awaitStatus(web, KeyStatus.PENDING, WAIT);
            assertEquals(0, c.cli("key", "accept", "web1").exit());
            TestCluster.awaitStatus(web, KeyStatus.ACCEPTED, WAIT);
            TestCluster.CliResult r = c.cli("run", "--out", "json", "web1", "pillar.items");
            assertEquals(0, r.exit(), r.out() + r.err());
            JsonNode items = JSON.readTree(r.out()).get("returns").get("web1").get("ret");
            assertEquals("web1", items.get("who").asText());
            assertEquals(8080, items.get("port").asInt());
            assertEquals("deb", items.get("family").asText());
            assertEquals("FRONT", items.get("tier").asText(), items.toString());
            assertFalse(items.toString().contains("back"), "the db pillar went to a web minion: " + items);
        }
    }

    @Test
    void anUndefinedValueInAPillarTemplateIsAnErrorNamingTheFile(@TempDir Path root) throws Exception {
        Path pillar = Files.createDirectories(root.resolve("pillar"));
        Files.writeString(pillar.resolve("top.sls"), "base:\n  '*':\n    - broken\n");
        Files.writeString(pillar.resolve("broken.sls"), "ok: 1\nbad: {{ grains['nope'] }}\n");
        try (TestCluster c = TestCluster.start(root, "pillar_roots:\n  base:\n    - " + pillar + "\n")) {
            Minion m = c.addMinion("m1");
            TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
            assertEquals(0, c.cli("key", "accept", "m1").exit());
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
            TestCluster.CliResult r = c.cli("run", "--out", "json", "m1", "pillar.items");
            JsonNode ret = JSON.readTree(r.out()).get("returns").get("m1");
            assertFalse(ret.get("success").asBoolean(), ret.toString());
            assertTrue(ret.get("ret").asText().contains("broken.sls:2"), ret.toString());
        }
    }
}
