package io.brine.modules.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AllowedPathsTest {
    @TempDir
    Path root;

    private AllowedPaths allowed() throws Exception {
        return new AllowedPaths(List.of(Files.createDirectories(root.resolve("srv")), root.resolve("absent")));
    }

    private void assertRefused(String path) throws Exception {
        FunctionException e = assertThrows(FunctionException.class, () -> allowed().resolve(path), path);
        assertTrue(e.getMessage().startsWith("refused: "), e.getMessage());
    }

    @Test
    void aPathInsideAnAllowedFolderResolvesEvenBeforeItExists() throws Exception {
        AllowedPaths allowed = allowed();
        Path srv = root.resolve("srv").toRealPath();
        assertEquals(srv.resolve("a/b/c.txt"), allowed.resolve(root + "/srv/./a//b/c.txt"));
        assertEquals(srv.resolve("c.txt"), allowed.resolve(root + "/srv/a/../c.txt"));
    }

    @Test
    void dotDotOutOfTheFolderIsRefused() throws Exception {
        assertRefused(root + "/srv/../etc/passwd");
        assertRefused(root + "/srv/a/../../x");
    }

    @Test
    void aSymbolicLinkLeadingOutIsRefusedWhereverItSits() throws Exception {
        Path outside = Files.createDirectories(root.resolve("outside"));
        allowed();
        Files.createSymbolicLink(root.resolve("srv/out"), outside);
        Files.createSymbolicLink(root.resolve("srv/file"), Files.writeString(outside.resolve("f"), "x"));
        assertRefused(root + "/srv/out/new.txt");
        assertRefused(root + "/srv/file");
    }

    @Test
    void aDanglingLinkRelativePathsAndAbsentFoldersAllowNothing() throws Exception {
        allowed();
        Files.createSymbolicLink(root.resolve("srv/dangling"), root.resolve("nowhere"));
        assertRefused(root + "/srv/dangling/x");
        assertRefused("srv/x");
        assertRefused(root + "/absent/x");
        assertRefused("");
    }

    @Test
    void existingInsistsTheFileIsThere() throws Exception {
        FunctionException e = assertThrows(FunctionException.class, () -> allowed().existing(root + "/srv/none"));
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    }
}
