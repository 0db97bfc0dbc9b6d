package io.brine.modules.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.modules.Calls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileModuleTest {
    @TempDir
    Path root;

    private FunctionContext confinedTo(Path dir) {
        return Calls.context(Map.of(), Duration.ofMinutes(1), Calls.Allowing.roots(dir));
    }

    @Test
    void fileStatDescribesAFileWithoutReadingIt() throws Exception {
        Path f = Files.writeString(root.resolve("f"), "abc");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-x---"));
        @SuppressWarnings("unchecked")
        Map<String, Object> stat = (Map<String, Object>) Calls.call(confinedTo(root), "file.stat", List.of(f.toString()),
                Map.of());
        assertEquals("file", stat.get("type"));
        assertEquals(3L, stat.get("size"));
        assertEquals("0750", stat.get("mode"));
        assertEquals(((Number) Files.getAttribute(f, "unix:uid")).longValue(), stat.get("uid"));
        assertEquals("dir", ((Map<?, ?>) Calls.call(confinedTo(root), "file.stat", List.of(root.toString()), Map.of()))
                .get("type"));
    }

    @Test
    void fileHashDigestsWithTheAskedAlgorithm() throws Exception {
        Path f = Files.writeString(root.resolve("f"), "abc");
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                Calls.call(confinedTo(root), "file.hash", List.of(f.toString()), Map.of()));
        assertEquals("900150983cd24fb0d6963f7d28e17f72",
                Calls.call(confinedTo(root), "file.hash", List.of(f.toString()), Map.of("algorithm", "MD5")));
        FunctionException e = assertThrows(FunctionException.class,
                () -> Calls.call(confinedTo(root), "file.hash", List.of(f.toString()), Map.of("algorithm", "crc32")));
        assertTrue(e.getMessage().contains("sha256"), e.getMessage());
    }

    @Test
    void nothingOutsideFileRootsAllowedIsDescribed() throws Exception {
        Path inside = Files.createDirectories(root.resolve("inside"));
        Path secret = Files.writeString(root.resolve("secret"), "x");
        for (String function : List.of("file.stat", "file.hash", "cp.push")) {
            FunctionException e = assertThrows(FunctionException.class,
                    () -> Calls.call(confinedTo(inside), function, List.of(secret.toString()), Map.of()));
            assertTrue(e.getMessage().contains("file_roots_allowed"), function + ": " + e.getMessage());
        }
    }
}
