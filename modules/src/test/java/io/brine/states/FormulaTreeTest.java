package io.brine.states;

import static io.brine.states.Outcomes.assertErrorMentions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tree shaped like a Salt formula (issue 14): init.sls takes its settings from map.jinja, which reads
 * defaults.yaml and lets grains and the pillar's {@code nginx:lookup} override them.
 */
class FormulaTreeTest {
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir);
        tree.file("nginx/defaults.yaml", """
            nginx:
              pkg: nginx
              service: nginx
              user: nobody
              workers: {{ grains.get('num_cpus', 2) }}
              conf_dir: /etc/nginx
            """);
        tree.file("nginx/map.jinja", """
            {%- import_yaml tplroot ~ "/defaults.yaml" as defaults %}
            {%- set nginx = salt['grains.filter_by']({
                  'default': defaults.nginx,
                  'Debian': {'user': 'www-data'},
                  'RedHat': {'user': 'nginx'},
                }, base='default', merge=salt['pillar.get']('nginx:lookup', {})) %}
            """);
        tree.file("nginx/macros.jinja", """
            {%- macro managed_by(sls) %}# managed by {{ sls }}{% endmacro %}
            """);
        tree.file("nginx/init.sls", """
            {% from tplroot ~ "/map.jinja" import nginx with context %}
            include:
              - .config

            nginx_pkg:
              pkg.installed:
                - name: {{ nginx.pkg }}

            nginx_service:
              service.running:
                - name: {{ nginx.service }}
                - enable: True
                - require:
                  - pkg: nginx_pkg
                - watch:
                  - file: nginx_config
            {% include tplroot ~ '/site.sls' ignore missing %}
            """);
        tree.file("nginx/config.sls", """
            {%- set tplroot = tpldir.split('/')[0] %}
            {%- from tplroot ~ "/map.jinja" import nginx with context %}
            {%- import tplroot ~ "/macros.jinja" as m %}
            nginx_config:
              file.managed:
                - name: {{ nginx.conf_dir }}/nginx.conf
                - contents: |
                    {{ m.managed_by(sls) }}
                    user {{ nginx.user }};
                    worker_processes {{ nginx.workers }};
            """);
        tree.pillar.put("nginx", Map.of("lookup", Map.of("conf_dir", dir.resolve("etc").toString())));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> args(Object shown, String id, String module) {
        List<Object> body = (List<Object>) ((Map<String, Object>) ((Map<String, Object>) shown).get(id)).get(module);
        Map<String, Object> args = new LinkedHashMap<>();
        body.stream().skip(1).forEach(a -> args.putAll((Map<String, Object>) a));
        return args;
    }

    @Test
    void theFormulaCompilesWithDefaultsGrainsAndPillarMerged() {
        Object shown = engine.showSls(tree.testJob("nginx"));
        assertTrue(shown instanceof Map, () -> "compile errors: " + shown);
        assertEquals(List.of("nginx_config", "nginx_pkg", "nginx_service"),
                List.copyOf(((Map<?, ?>) shown).keySet()));
        assertEquals("installed", ((List<?>) ((Map<?, ?>) ((Map<?, ?>) shown).get("nginx_pkg")).get("pkg")).get(0));
        assertEquals("nginx", args(shown, "nginx_pkg", "pkg").get("name"));
        Map<String, Object> service = args(shown, "nginx_service", "service");
        assertEquals("nginx", service.get("name"));
        assertEquals(true, service.get("enable"));
        assertEquals(List.of(Map.of("pkg", "nginx_pkg")), service.get("require"));
        assertEquals(List.of(Map.of("file", "nginx_config")), service.get("watch"));
        Map<String, Object> config = args(shown, "nginx_config", "file");
        assertEquals(dir.resolve("etc") + "/nginx.conf", config.get("name"));
        assertEquals("# managed by nginx.config\nuser www-data;\nworker_processes 2;\n", config.get("contents"));
    }

    @Test
    void theFormulaRunsInTestModeWithTheExpectedStates() {
        StateOutcome out = engine.apply(tree.testJob("nginx"));
        assertTrue(out.errors().isEmpty(), () -> "errors: " + out.errors());
        assertEquals(List.of("file_|-nginx_config_|-" + dir.resolve("etc") + "/nginx.conf_|-managed",
                "pkg_|-nginx_pkg_|-nginx_|-installed", "service_|-nginx_service_|-nginx_|-running"),
                List.copyOf(out.states().keySet()));
    }

    @Test
    void thePillarsLookupOverridesTheGrainsChoice() {
        tree.pillar.put("nginx", Map.of("lookup", Map.of("user", "web", "pkg", "nginx-light")));
        Object shown = engine.showSls(tree.testJob("nginx"));
        assertEquals("nginx-light", args(shown, "nginx_pkg", "pkg").get("name"));
        assertTrue(((String) args(shown, "nginx_config", "file").get("contents")).contains("user web;"));
    }

    @Test
    void aMissingImportIsACompileErrorNamingTheFile() {
        tree.file("nginx/map.jinja", "{% import_yaml tplroot ~ '/absent.yaml' as defaults %}");
        assertErrorMentions(engine.apply(tree.testJob("nginx")), "nginx/init.sls:1", "nginx/map.jinja",
                "nginx/absent.yaml");
    }

    @Test
    void badYamlInAnImportedFileIsACompileErrorNamingTheFile() {
        tree.file("nginx/defaults.yaml", "nginx:\n  pkg: [nginx\n");
        assertErrorMentions(engine.apply(tree.testJob("nginx")), "nginx/init.sls:1", "nginx/defaults.yaml",
                "bad YAML");
    }
}
