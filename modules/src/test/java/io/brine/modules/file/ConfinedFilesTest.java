package io.brine.modules.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, finding 7: a local user who owns a directory inside an allowed root swapped it for a link between the
 * minion's check and its open. Here the swap is made deterministically at the worst moment: after the directory was
 * opened, before the file is written.
 */
class ConfinedFilesTest {
    @TempDir
    Path tmp;
    Path root;
    Path outside;
    ConfinedFiles files;

    @BeforeEach
    void setUp() throws Exception {
        root = Files.createDirectories(tmp.resolve("allowed"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        files = new ConfinedFiles(List.of(root));
    }

    @Test
    void aDirectorySwappedForALinkAfterTheCheckDoesNotRedirectTheWrite() throws Exception {
        Path sub = Files.createDirectories(root.resolve("owned-by-someone"));
        try (ConfinedFiles.Target target = files.target(sub.resolve("payload").toString())) {
            Files.move(sub, root.resolve("moved-away"));
            Files.createSymbolicLink(sub, outside);
            target.replaceWith(0644, out -> out.write(ByteBuffer.wrap("x".getBytes(StandardCharsets.UTF_8))));
        }
        assertFalse(Files.exists(outside.resolve("payload")), "the write followed the swapped-in link");
        assertEquals("x", Files.readString(root.resolve("moved-away/payload")), "it went where the check looked");
    }

    @Test
    void linksOnTheWayAreRefusedForReadingAndWriting() throws Exception {
        Path secret = Files.writeString(outside.resolve("root-only"), "secret");
        Files.createSymbolicLink(root.resolve("innocent"), secret);
        Files.createSymbolicLink(root.resolve("dir"), outside);
        for (String path : List.of(root + "/innocent", root + "/dir/root-only")) {
            FunctionException e = assertThrows(FunctionException.class, () -> files.read(path).close(), path);
            assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        }
        assertThrows(FunctionException.class, () -> files.target(root + "/dir/new").close());
        assertFalse(Files.exists(outside.resolve("new")));
    }

    @Test
    void dotDotAndPathsOutsideTheRootsAreRefused() {
        for (String path : List.of(root + "/../outside/root-only", outside + "/x", "relative/path", "/")) {
            assertThrows(FunctionException.class, () -> files.read(path).close(), path);
            assertThrows(FunctionException.class, () -> files.target(path).close(), path);
        }
    }

    @Test
    void aWriteCreatesMissingFoldersAndReplacesTheFileAtomically() throws Exception {
        Path file = root.resolve("a/b/c.txt");
        try (ConfinedFiles.Target target = files.target(file.toString())) {
            target.replaceWith(0640, out -> out.write(ByteBuffer.wrap("one".getBytes(StandardCharsets.UTF_8))));
        }
        try (ConfinedFiles.Opened read = files.read(file.toString())) {
            assertEquals(3, read.attributes().size());
            assertEquals("rw-r-----", java.nio.file.attribute.PosixFilePermissions.toString(
                    read.attributes().permissions()));
        }
        try (var names = Files.list(file.getParent())) {
            assertEquals(List.of("c.txt"), names.map(p -> p.getFileName().toString()).toList(), "no temp file left");
        }
    }
}
