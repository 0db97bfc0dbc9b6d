package io.brine.fileserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lookups and listings under file_roots, on real files: the first root wins and nothing leaves the roots. */
class RootedFilesTest {
    @TempDir
    Path dir;
    private Path first;
    private Path second;
    private Path outside;
    private RootedFiles files;

    @BeforeEach
    void twoRootsAndASecretBesideThem() throws IOException {
        first = Files.createDirectories(dir.resolve("first"));
        second = Files.createDirectories(dir.resolve("second"));
        outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret"), "not served");
        files = new RootedFiles(List.of(first, second));
    }

    @Test
    void theFirstRootHoldingAFileWinsAndTheNextIsSearchedWhenItHoldsNone() throws Exception {
        write(first, "web/init.sls", "first");
        write(second, "web/init.sls", "second");
        write(second, "db/init.sls", "second");
        assertEquals("first", Files.readString(files.find("web/init.sls").orElseThrow()));
        assertEquals("second", Files.readString(files.find("db/init.sls").orElseThrow()));
        assertEquals(Optional.empty(), files.find("nowhere.sls"));
        assertEquals(Optional.empty(), files.find("web"), "a directory is not a file");
    }

    @Test
    void parentSegmentsAreRefusedWhateverExistsThere() throws Exception {
        write(first, "web/init.sls", "first");
        for (String path : List.of("../outside/secret", "web/../../outside/secret", "web/../init.sls", "..",
                "web/..")) {
            assertThrows(RootedFiles.Escape.class, () -> files.find(path), path);
            assertThrows(RootedFiles.Escape.class, () -> files.list(path, 100, 10_000), path);
        }
    }

    @Test
    void absolutePathsBackslashesNulAndTheEmptyPathAreRefused() {
        for (String path : List.of(outside.resolve("secret").toString(), "/etc/passwd", "web\\..\\x", "web\0.sls",
                "")) {
            assertThrows(RootedFiles.Escape.class, () -> files.find(path), path);
        }
    }

    @Test
    void aLinkOutOfItsRootIsRefusedAndOneWithinItIsFollowed() throws Exception {
        Files.createSymbolicLink(first.resolve("out"), outside.resolve("secret"));
        write(first, "real.sls", "inside");
        Files.createSymbolicLink(first.resolve("alias.sls"), first.resolve("real.sls"));
        RootedFiles.Escape refused = assertThrows(RootedFiles.Escape.class, () -> files.find("out"));
        assertTrue(refused.getMessage().contains("'out' leaves the roots"), refused.getMessage());
        assertEquals("inside", Files.readString(files.find("alias.sls").orElseThrow()));
    }

    @Test
    void aDirectorySwappedForALinkOutOfTheRootIsRefusedForLookupsAndListings() throws Exception {
        write(first, "web/init.sls", "first");
        assertTrue(files.find("web/init.sls").isPresent());
        // the operator's directory replaced by a link to somewhere else
        Files.delete(first.resolve("web/init.sls"));
        Files.delete(first.resolve("web"));
        Files.createSymbolicLink(first.resolve("web"), outside);
        assertThrows(RootedFiles.Escape.class, () -> files.find("web/secret"));
        assertThrows(RootedFiles.Escape.class, () -> files.list("web", 100, 10_000));
    }

    @Test
    void aListingMergesTheRootsSortedWithDirectoriesMarkedAndLinksNotWalked() throws Exception {
        write(first, "web/init.sls", "");
        write(second, "web/files/nginx.conf", "");
        write(second, "top.sls", "");
        Files.createSymbolicLink(first.resolve("web/elsewhere"), outside);
        assertEquals(Optional.of(List.of("elsewhere", "files/", "files/nginx.conf", "init.sls")),
                files.list("web/", 100, 10_000));
        assertEquals(Optional.of(List.of("top.sls", "web/", "web/elsewhere", "web/files/", "web/files/nginx.conf",
                "web/init.sls")), files.list("", 100, 10_000));
        assertEquals(Optional.empty(), files.list("db", 100, 10_000));
    }

    @Test
    void aListingStopsAsSoonAsItPassesItsEntriesOrItsBytes() throws Exception {
        for (String name : List.of("a", "b", "c")) {
            write(first, "many/" + name, "");
        }
        assertEquals(3, files.list("many", 3, 10_000).orElseThrow().size());
        assertThrows(RootedFiles.TooMany.class, () -> files.list("many", 2, 10_000));
        long bytes = 3 * RootedFiles.encodedSize("a");
        assertEquals(3, files.list("many", 100, bytes).orElseThrow().size());
        assertThrows(RootedFiles.TooMany.class, () -> files.list("many", 100, bytes - 1));
        // an entry in both roots counts once
        write(second, "many/a", "");
        assertEquals(3, files.list("many", 3, bytes).orElseThrow().size());
    }

    private static void write(Path root, String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
