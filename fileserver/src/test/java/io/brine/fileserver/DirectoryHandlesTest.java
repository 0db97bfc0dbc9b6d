package io.brine.fileserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Walking down through open directory handles, on real directories, links and swaps made by the test. */
class DirectoryHandlesTest {
    @TempDir
    Path dir;
    private Path root;
    private Path outside;

    @BeforeEach
    void aRootAndASecretBesideIt() throws IOException {
        root = Files.createDirectories(dir.resolve("root"));
        outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("f"), "outside");
    }

    @Test
    void descendingCreatesTheDirectoriesMissingOnTheWay() throws IOException {
        try (SecureDirectoryStream<Path> d = DirectoryHandles.descend(DirectoryHandles.open(root), root,
                List.of("a", "b"), true, false)) {
            assertTrue(Files.isDirectory(root.resolve("a/b")));
            assertEquals(List.of(), names(d));
        }
        try (SecureDirectoryStream<Path> d = DirectoryHandles.openMaking(dir.resolve("made/on/the/way"))) {
            assertTrue(Files.isDirectory(dir.resolve("made/on/the/way")));
        }
    }

    @Test
    void aLinkOnTheWayIsRefusedUnlessTheCallerFollowsLinks() throws IOException {
        Files.createSymbolicLink(root.resolve("a"), outside);
        DirectoryHandles.LinkOnTheWay refused = assertThrows(DirectoryHandles.LinkOnTheWay.class,
                () -> DirectoryHandles.descend(DirectoryHandles.open(root), root, List.of("a"), false, false));
        assertTrue(refused.getMessage().contains("is a symbolic link"), refused.getMessage());
        assertThrows(DirectoryHandles.LinkOnTheWay.class,
                () -> DirectoryHandles.descend(DirectoryHandles.open(root), root, List.of("a"), true, false),
                "creating does not make a link a directory");
        try (SecureDirectoryStream<Path> d = DirectoryHandles.descend(DirectoryHandles.open(root), root,
                List.of("a"), false, true)) {
            assertEquals(List.of("f"), names(d));
        }
    }

    @Test
    void aDirectorySwappedForALinkAfterItsParentWasOpenedIsRefused() throws IOException {
        Files.createDirectories(root.resolve("a/b"));
        try (SecureDirectoryStream<Path> a = DirectoryHandles.descend(DirectoryHandles.open(root), root,
                List.of("a"), false, false)) {
            Files.delete(root.resolve("a/b"));
            Files.createSymbolicLink(root.resolve("a/b"), outside);
            assertThrows(DirectoryHandles.LinkOnTheWay.class,
                    () -> DirectoryHandles.descend(a, root.resolve("a"), List.of("b"), false, false));
        }
    }

    @Test
    void aHandleStaysOnItsDirectoryWhenItsPathIsSwappedForALink() throws IOException {
        Files.createDirectories(root.resolve("a"));
        Files.writeString(root.resolve("a/f"), "inside");
        try (SecureDirectoryStream<Path> a = DirectoryHandles.descend(DirectoryHandles.open(root), root,
                List.of("a"), false, false)) {
            Files.move(root.resolve("a"), root.resolve("a-old"));
            Files.createSymbolicLink(root.resolve("a"), outside);
            assertEquals("inside", read(a, "f"), "the handle reads the directory it opened, not the link's target");
        }
    }

    @Test
    void onlyARegularFileIsOpenedNeverALinkADirectoryOrNothing() throws IOException {
        Files.writeString(root.resolve("f"), "regular");
        Files.createSymbolicLink(root.resolve("link"), outside.resolve("f"));
        Files.createDirectories(root.resolve("sub"));
        try (SecureDirectoryStream<Path> d = DirectoryHandles.open(root)) {
            try (DirectoryHandles.OpenedFile f = DirectoryHandles.openRegular(d, Path.of("f")).orElseThrow()) {
                assertEquals(7, f.attributes().size());
                assertTrue(f.attributes().isRegularFile());
            }
            assertTrue(DirectoryHandles.openRegular(d, Path.of("link")).isEmpty());
            assertTrue(DirectoryHandles.openRegular(d, Path.of("sub")).isEmpty());
            assertTrue(DirectoryHandles.openRegular(d, Path.of("missing")).isEmpty());
            assertTrue(DirectoryHandles.attributesOrNull(d, Path.of("link")).isSymbolicLink(), "the link's own");
            assertNull(DirectoryHandles.attributesOrNull(d, Path.of("missing")));
        }
    }

    private static String read(SecureDirectoryStream<Path> d, String name) throws IOException {
        try (DirectoryHandles.OpenedFile f = DirectoryHandles.openRegular(d, Path.of(name)).orElseThrow()) {
            ByteBuffer buf = ByteBuffer.allocate((int) f.attributes().size());
            while (buf.hasRemaining() && f.channel().read(buf) >= 0) {
                // until full
            }
            return new String(buf.array(), StandardCharsets.UTF_8);
        }
    }

    private static List<String> names(SecureDirectoryStream<Path> d) {
        List<String> out = new java.util.ArrayList<>();
        d.forEach(p -> out.add(p.getFileName().toString()));
        return out;
    }
}
