package io.brine.states;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryStateFilesTest {
    @TempDir Path dir;

    @Test
    void firstRootHoldingAPathWins() throws IOException {
        Path one = Files.createDirectories(dir.resolve("one"));
        Path two = Files.createDirectories(dir.resolve("two"));
        Files.writeString(two.resolve("a.txt"), "from two");
        Files.writeString(two.resolve("b.txt"), "only two");
        Files.writeString(one.resolve("a.txt"), "from one");
        DirectoryStateFiles files = new DirectoryStateFiles(List.of(one, two));
        assertEquals(Optional.of("from one"), files.readText("a.txt"));
        assertEquals(Optional.of("only two"), files.readText("b.txt"));
        assertEquals(Optional.empty(), files.readText("c.txt"));
    }

    @Test
    void aDirectoryIsListedOverAllRootsAndMayNotLeaveThem() throws IOException {
        Path one = Files.createDirectories(dir.resolve("one/conf/empty"));
        Path two = Files.createDirectories(dir.resolve("two/conf/sub"));
        Files.writeString(dir.resolve("one/conf/a.txt"), "a");
        Files.writeString(two.resolve("b.txt"), "b");
        DirectoryStateFiles files = new DirectoryStateFiles(List.of(dir.resolve("one"), dir.resolve("two")));
        assertEquals(Optional.of(List.of("a.txt", "empty/", "sub/", "sub/b.txt")), files.list("conf/"));
        assertEquals(Optional.empty(), files.list("nowhere"));
        assertThrows(IOException.class, () -> files.list("../two"));
    }

    @Test
    void pathsLeavingTheRootsAreRefused() throws IOException {
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.writeString(dir.resolve("secret"), "outside");
        Files.createSymbolicLink(root.resolve("link"), dir.resolve("secret"));
        DirectoryStateFiles files = new DirectoryStateFiles(List.of(root));
        for (String escape : List.of("../secret", "a/../../secret", "/etc/passwd", "link")) {
            IOException e = assertThrows(IOException.class, () -> files.readText(escape), escape);
            assertTrue(e.getMessage().contains("refused"), e.getMessage());
        }
    }
}
