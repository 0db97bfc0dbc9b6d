package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A minion lists directories of the master's file roots over its session: {@code file.recurse} copies a tree
 * directory, and templates see which directories exist ({@code cp.list_master_dirs}), as formulas expect.
 */
class StateTreeListingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path root;
    static TestCluster cluster;
    static Path states;

    @BeforeAll
    static void start() throws Exception {
        states = Files.createDirectories(root.resolve("states"));
        Files.createDirectories(states.resolve("app/files/conf.d/sub"));
        Files.writeString(states.resolve("app/files/conf.d/a.conf"), "plain\n");
        Files.writeString(states.resolve("app/files/conf.d/sub/b.conf"), "id={{ grains['id'] }}\n");
        cluster = TestCluster.start(root, "file_roots:\n  base:\n    - " + states + "\n");
        cluster.acceptedMinion("lister");
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void fileRecurseCopiesATreeDirectoryAndTemplatesListItsDirectories() throws Exception {
        Path target = root.resolve("target");
        Files.writeString(states.resolve("app/init.sls"), """
            app-conf:
              file.recurse:
                - name: %s
                - source: salt://app/files/conf.d
                - template: jinja
            dirs:
              test.show_notification:
                - text: "{{ salt['cp.list_master_dirs'](prefix='app/') | join(',') }}"
            """.formatted(target));
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "lister", "state.apply", "app");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("plain\n", Files.readString(target.resolve("a.conf")));
        assertEquals("id=lister\n", Files.readString(target.resolve("sub/b.conf")));
        JsonNode states = JSON.readTree(r.out()).path("returns").path("lister").path("ret");
        assertEquals("app/files,app/files/conf.d,app/files/conf.d/sub",
            states.path("test_|-dirs_|-dirs_|-show_notification").path("comment").asText(), r.out());
    }

    @Test
    void aListingThatLeavesTheRootsIsRefused() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "lister", "cp.list_master", "prefix=../x");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("the master refused to list it"), r.out());
    }
}
