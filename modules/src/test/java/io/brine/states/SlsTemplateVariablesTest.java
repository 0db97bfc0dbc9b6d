package io.brine.states;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An sls sees Salt's variables ({@code sls}, {@code slspath}, {@code tpldir}...) with Salt's values. */
class SlsTemplateVariablesTest {
    private static final String NAMES = "sls slspath slsdotpath slscolonpath sls_path tplpath tplfile tpldir tpldot "
            + "tplroot saltenv";
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir);
    }

    /** The variables as the sls at {@code path} saw them, one per name in {@link #NAMES}. */
    @SuppressWarnings("unchecked")
    private Map<String, String> seenBy(String sls, String path) {
        StringBuilder comment = new StringBuilder();
        for (String name : NAMES.split(" ")) {
            comment.append(name).append("={{ ").append(name).append(" }};");
        }
        tree.file(path, "vars:\n  test.configurable_test_state:\n    - comment: '" + comment + "'\n");
        Object shown = engine.showSls(tree.testJob(sls));
        List<Object> body = (List<Object>) ((Map<String, Object>) ((Map<String, Object>) shown).get("vars")).get("test");
        String text = (String) body.stream().filter(a -> a instanceof Map<?, ?> m && m.containsKey("comment"))
                .map(a -> ((Map<?, ?>) a).get("comment")).findFirst().orElseThrow();
        Map<String, String> seen = new java.util.LinkedHashMap<>();
        for (String pair : text.split(";")) {
            seen.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        return seen;
    }

    private static Map<String, String> expected(String... values) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        String[] names = NAMES.split(" ");
        for (int i = 0; i < names.length; i++) {
            out.put(names[i], values[i]);
        }
        return out;
    }

    @Test
    void aNestedSlsSeesItsDirectory() {
        assertEquals(expected("nginx.config", "nginx", "nginx", "nginx", "nginx", "nginx/config.sls",
                "nginx/config.sls", "nginx", "nginx", "nginx", "base"), seenBy("nginx.config", "nginx/config.sls"));
    }

    @Test
    void anInitSlsSeesItsOwnDirectoryAsSaltGivesIt() {
        assertEquals(expected("nginx", "nginx", "nginx", "nginx", "nginx", "nginx/init.sls", "nginx/init.sls",
                "nginx", "nginx", "nginx", "base"), seenBy("nginx", "nginx/init.sls"));
    }

    @Test
    void aDeeperSlsJoinsItsDirectoryWithDotsColonsAndUnderscores() {
        assertEquals(expected("web.tls.certs", "web/tls", "web.tls", "web:tls", "web_tls", "web/tls/certs.sls",
                "web/tls/certs.sls", "web/tls", "web.tls", "web", "base"), seenBy("web.tls.certs", "web/tls/certs.sls"));
    }

    @Test
    void anSlsAtTheRootHasAnEmptySlspathAndTpldirDot() {
        assertEquals(expected("motd", "", "", "", "", "motd.sls", "motd.sls", ".", "", ".", "base"),
                seenBy("motd", "motd.sls"));
    }

    @Test
    void aFileTemplateSeesWhereItSitsAndTheSourceItCameFrom() throws Exception {
        Path out = dir.resolve("out.conf");
        tree.file("app/files/app.conf.jinja", "# managed at <{{ source }}> from {{ tpldir }}\n");
        tree.file("app/init.sls", "conf:\n  file.managed:\n    - name: " + out + "\n"
                + "    - source: salt://app/files/app.conf.jinja\n    - template: jinja\n");
        StateOutcome applied = engine.apply(tree.job("app"));
        assertEquals(List.of(), applied.errors());
        assertEquals("# managed at <salt://app/files/app.conf.jinja> from app/files\n", java.nio.file.Files.readString(out));
    }

    @Test
    void aPillarFileSeesItsOwnDirectoryAsSaltGivesPillarSls() {
        String text = new PillarTemplates().render("{{ tpldir }}|{{ sls }}|{{ slspath }}", "web/tls.sls", List.of(dir),
                Map.of("grains", Map.of("id", "m1")));
        assertEquals("web|web.tls|web", text);
        assertEquals(".|top", new PillarTemplates().render("{{ tpldir }}|{{ sls }}", "top.sls", List.of(dir), Map.of()));
    }
}
