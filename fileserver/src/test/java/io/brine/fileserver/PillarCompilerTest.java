package io.brine.fileserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import io.brine.config.TemplateRenderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pillar compiled from real files under pillar_roots: top.sls matching, merging, and errors that name file:line. */
class PillarCompilerTest {
    @TempDir
    Path dir;
    private Path root;

    @BeforeEach
    void aPillarRoot() throws IOException {
        root = Files.createDirectories(dir.resolve("pillar"));
    }

    @Test
    void theFilesTopSlsGivesAMinionAreMergedInOrderMapsRecursivelyLaterValuesWinning() throws Exception {
        write("top.sls", """
                base:
                  '*': [common]
                  'web*': [web]
                """);
        write("common.sls", "users: {alice: 1}\nrole: none\n");
        write("web.sls", "users: {bob: 2}\nrole: web\n");
        assertEquals(Map.of("users", Map.of("alice", 1, "bob", 2), "role", "web"), compile("web1", Map.of()));
        assertEquals(Map.of("users", Map.of("alice", 1), "role", "none"), compile("db1", Map.of()));
    }

    @Test
    void topSlsMatchesByListPcreAndGrainAsItsMatchOptionSays() throws Exception {
        write("top.sls", """
                base:
                  'db1,db2':
                    - match: list
                    - listed
                  '^web[0-9]+$':
                    - match: pcre
                    - numbered
                  'os:Debian':
                    - match: grain
                    - debian
                """);
        write("listed.sls", "listed: true\n");
        write("numbered.sls", "numbered: true\n");
        write("debian.sls", "debian: true\n");
        assertEquals(Map.of("listed", true), compile("db2", Map.of("os", "Ubuntu")));
        assertEquals(Map.of("numbered", true, "debian", true), compile("web12", Map.of("os", "Debian")));
        assertEquals(Map.of(), compile("webx", Map.of("os", "Ubuntu")));
        assertEquals(Map.of(), compile("web1-new", null), "no grains reported: a grain target does not match");
    }

    @Test
    void aDottedNameIsAFileOrAFoldersInitSls() throws Exception {
        write("top.sls", "base: {'*': [web.secrets, app]}\n");
        write("web/secrets.sls", "secret: s\n");
        write("app/init.sls", "app: a\n");
        assertEquals(Map.of("secret", "s", "app", "a"), compile("m1", Map.of()));
    }

    @Test
    void withoutTopSlsThePillarIsEmpty() throws Exception {
        write("web.sls", "role: web\n");
        assertEquals(Map.of(), compile("web1", Map.of()));
    }

    @Test
    void invalidYamlNamesTheFileAndTheLineWhereTheParserStood() throws IOException {
        // The line is the parser's (of the last token it read, as for config files and SLS files): the fault is there
        // or just after it. Here "bob" on line 4 cannot follow the list on line 3.
        write("top.sls", "base: {'*': [web]}\n");
        write("web.sls", "role: web\nusers:\n  - alice\n  bob: 2\n");
        String refused = refusal("web1");
        assertTrue(refused.startsWith("pillar web.sls:3: invalid YAML: "), refused);
        assertTrue(refused.contains("expected <block end>"), "the parser's own words follow: " + refused);
        write("top.sls", "base:\n  '*': [web\n");
        refused = refusal("web1");
        assertTrue(refused.startsWith("pillar top.sls:2: invalid YAML: "), refused);
    }

    /** Salt's YAML loader refuses a key given twice; the later value silently winning would hide a mistake. */
    @Test
    void aKeyGivenTwiceIsAnError() throws IOException {
        write("top.sls", "base: {'*': [web]}\n");
        write("web.sls", "ntp:\n  server: a\n  server: b\n");
        String refused = refusal("web1");
        assertTrue(refused.startsWith("pillar web.sls:3: invalid YAML: "), refused);
        assertTrue(refused.contains("Duplicate field 'server'"), refused);
    }

    @Test
    void aFileNamedInTopThatIsMissingOrNotAMappingIsAnErrorNamingIt() throws IOException {
        write("top.sls", "base: {'*': [absent]}\n");
        assertEquals("pillar top.sls names 'absent', but there is no absent.sls", refusal("m1"));
        write("top.sls", "base: {'*': [listed]}\n");
        write("listed.sls", "- a\n- b\n");
        assertEquals("pillar listed.sls: must be a mapping of keys", refusal("m1"));
    }

    @Test
    void aTopSlsOfTheWrongShapeIsAnErrorSayingWhatItExpected() throws IOException {
        write("top.sls", "prod: {'*': [web]}\n");
        assertEquals("pillar top.sls: expected 'base:' mapping targets to lists of pillar files", refusal("m1"));
        write("top.sls", "base: {'*': web}\n");
        assertEquals("pillar top.sls: target '*' must map to a list", refusal("m1"));
        write("top.sls", "base: {'*': [{match: regex}, web]}\n");
        assertTrue(refusal("m1").startsWith("pillar top.sls: target '*': unknown target type 'regex'"));
    }

    @Test
    void aRenderErrorKeepsTheRenderersFileAndLineAndTemplatesSeeTheMinion() throws Exception {
        write("top.sls", "base: {'*': [web]}\n");
        write("web.sls", "id: ID\nos: OS\n");
        List<Map<String, Object>> seen = new ArrayList<>();
        TemplateRenderer substituting = (text, file, roots, vars) -> {
            seen.add(vars);
            @SuppressWarnings("unchecked")
            Map<String, Object> grains = (Map<String, Object>) vars.get("grains");
            return text.replace("ID", String.valueOf(vars.get("minion_id")))
                    .replace("OS", String.valueOf(grains.getOrDefault("os", "unknown")));
        };
        PillarCompiler compiler = new PillarCompiler(List.of(root), substituting);
        assertEquals(Map.of("id", "web1", "os", "Debian"), compiler.compile("web1", Map.of("os", "Debian")));
        assertEquals(Map.of("id", "web2", "os", "unknown"), compiler.compile("web2", null));
        assertEquals(Map.of("id", "web2"), seen.get(seen.size() - 1).get("grains"), "without grains, only the id");

        TemplateRenderer failing = (text, file, roots, vars) -> {
            throw new ConfigException(file + ":2: undefined variable 'nope'");
        };
        PillarCompiler.PillarException e = assertThrows(PillarCompiler.PillarException.class,
                () -> new PillarCompiler(List.of(root), failing).compile("web1", Map.of()));
        assertEquals("top.sls:2: undefined variable 'nope'", e.getMessage());
    }

    @Test
    void aFileWhoseRendererLineSaysYamlOrJsonIsDataAndNoTemplateIsRenderedInIt() throws Exception {
        write("top.sls", "base: {'*': [plain, data, json]}\n");
        write("plain.sls", "a: ID\n");
        write("data.sls", "#!yaml\nb: ID {{ x }}\n");
        write("json.sls", "#! json\n{\"c\": \"ID\"}\n");
        TemplateRenderer substituting = (text, file, roots, vars) -> text.replace("ID", "web1");
        assertEquals(Map.of("a", "web1", "b", "ID {{ x }}", "c", "ID"),
                new PillarCompiler(List.of(root), substituting).compile("web1", Map.of()));
    }

    @Test
    void aPillarFileLinkedOutOfTheRootsIsRefused() throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.sls"), "password: hunter2\n");
        write("top.sls", "base: {'*': [web]}\n");
        Files.createSymbolicLink(root.resolve("web.sls"), secret);
        assertEquals("pillar web.sls: path 'web.sls' leaves the roots", refusal("web1"));
    }

    @Test
    void masterlessFilesReadTheSameTreeAndRefuseTheSameEscapes() throws Exception {
        write("top.sls", "base: {'*': [web]}\n");
        write("web.sls", "role: web\n");
        Path states = Files.createDirectories(dir.resolve("states"));
        Files.writeString(states.resolve("top.sls"), "base: {}\n");
        MasterlessFiles local = new MasterlessFiles(List.of(states), List.of(root), TemplateRenderer.PLAIN);
        assertEquals(Map.of("role", "web"), local.pillar("web1", Map.of()));
        assertEquals(states.resolve("top.sls").toRealPath(), local.file("top.sls").orElseThrow());
        assertEquals(List.of("top.sls"), local.list("").orElseThrow());
        assertThrows(java.nio.file.AccessDeniedException.class, () -> local.file("../pillar/web.sls"));
        assertThrows(java.nio.file.AccessDeniedException.class, () -> local.list("/etc"));
        write("web.sls", "role: [\n");
        IOException e = assertThrows(IOException.class, () -> local.pillar("web1", Map.of()));
        assertTrue(e.getMessage().startsWith("pillar web.sls:1: invalid YAML"), e.getMessage());
    }

    private Map<String, Object> compile(String minion, Map<String, Object> grains) throws Exception {
        return new PillarCompiler(List.of(root), TemplateRenderer.PLAIN).compile(minion, grains);
    }

    private String refusal(String minion) {
        return assertThrows(PillarCompiler.PillarException.class, () -> compile(minion, Map.of())).getMessage();
    }

    private void write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
