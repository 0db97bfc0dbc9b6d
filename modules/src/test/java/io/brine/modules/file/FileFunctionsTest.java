package io.brine.modules.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

/** Salt's file functions against real files under a temporary directory that is the only allowed root. */
class FileFunctionsTest {
    @TempDir
    Path root;
    @TempDir
    Path outside;

    private Object call(String function, Object... args) throws Exception {
        return callWith(function, List.of(args), Map.of());
    }

    private Object callWith(String function, List<Object> args, Map<String, Object> kwargs) throws Exception {
        FunctionContext context = Calls.context(Map.of(), Duration.ofMinutes(1), Calls.Allowing.roots(root));
        return Calls.call(context, function, args, kwargs);
    }

    @Test
    void writeAppendAndReadWorkInLinesAsSaltDoes() throws Exception {
        Path f = root.resolve("motd");
        assertEquals("Wrote 2 lines to \"" + f + "\"", call("file.write", f.toString(), List.of("one", "two")));
        assertEquals("one\ntwo\n", Files.readString(f));
        Files.writeString(f, "no newline");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        assertEquals("Wrote 1 lines to \"" + f + "\"", call("file.append", f.toString(), "three"));
        assertEquals("no newline\nthree\n", call("file.read", f.toString()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        call("file.write", f.toString(), "only");
        assertEquals("only\n", Files.readString(f));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), "kept in place");
    }

    @Test
    void linesAreThePositionalArgumentsAfterThePathOrAListNamedArgsAsInSalt() throws Exception {
        Path f = root.resolve("motd");
        assertEquals("Wrote 3 lines to \"" + f + "\"", call("file.write", f.toString(), "l1", "l2", "l3"));
        assertEquals("l1\nl2\nl3\n", Files.readString(f));
        assertEquals("Wrote 2 lines to \"" + f + "\"", call("file.append", f.toString(), "l4", "l5"));
        assertEquals("l1\nl2\nl3\nl4\nl5\n", Files.readString(f));
        assertEquals("Wrote 2 lines to \"" + f + "\"", callWith("file.write", List.of(f.toString()),
                Map.of("args", List.of("a", "b"))));
        assertEquals("a\nb\n", Files.readString(f));
        FunctionException both = assertThrows(FunctionException.class,
                () -> callWith("file.append", List.of(f.toString(), "x"), Map.of("args", List.of("y"))));
        assertEquals("file.append: 'args' given both by position and by name", both.getMessage());
    }

    @Test
    void appendRefusesALinkInPlaceOfTheFile() throws Exception {
        Path target = Files.writeString(outside.resolve("target"), "outside\n");
        Path link = Files.createSymbolicLink(root.resolve("link"), target);
        FunctionException e = assertThrows(FunctionException.class, () -> call("file.append", link.toString(), "x"));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        assertEquals("outside\n", Files.readString(target));
    }

    @Test
    void replaceEditsInPlaceWithSaltsRulesAndReturnsTheDiff() throws Exception {
        Path f = Files.writeString(root.resolve("sshd_config"), "Port 22\nPermitRootLogin yes\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        String diff = (String) callWith("file.replace", List.of(f.toString(), "^Port (\\d+)$", "Port 2\\1"),
                Map.of());
        assertEquals("Port 222\nPermitRootLogin yes\n", Files.readString(f));
        assertTrue(diff.contains("-Port 22") && diff.contains("+Port 222"), diff);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), "kept in place");
        assertEquals("", callWith("file.replace", List.of(f.toString(), "^Absent$", "x"), Map.of()), "no change");
        assertEquals(true, callWith("file.replace", List.of(f.toString(), "^Banner.*$", "Banner none"),
                Map.of("append_if_not_found", true, "show_changes", false)));
        assertEquals("Port 222\nPermitRootLogin yes\nBanner none\n", Files.readString(f));
        assertEquals(true, callWith("file.replace", List.of(f.toString(), "yes", "no"),
                Map.of("dry_run", true, "show_changes", false)));
        assertTrue(Files.readString(f).contains("PermitRootLogin yes"), "a dry run changes nothing");
        FunctionException bad = assertThrows(FunctionException.class,
                () -> callWith("file.replace", List.of(f.toString(), "(", "x"), Map.of()));
        assertTrue(bad.getMessage().contains("bad pattern"), bad.getMessage());
    }

    @Test
    void existenceIsReportedByKind() throws Exception {
        Path f = Files.writeString(root.resolve("f"), "x");
        Path d = Files.createDirectory(root.resolve("d"));
        assertEquals(true, call("file.file_exists", f.toString()));
        assertEquals(false, call("file.file_exists", d.toString()));
        assertEquals(true, call("file.directory_exists", d.toString()));
        assertEquals(false, call("file.directory_exists", f.toString()));
        assertEquals(false, call("file.file_exists", root.resolve("missing").toString()));
    }

    @Test
    void removeTakesFilesAndWholeTreesButNeverFollowsALinkOut() throws Exception {
        Path keep = Files.writeString(outside.resolve("keep"), "precious");
        Path tree = Files.createDirectories(root.resolve("tree/sub"));
        Files.writeString(tree.resolve("f"), "x");
        Files.createSymbolicLink(tree.resolve("out"), outside);
        assertEquals(true, call("file.remove", root.resolve("tree").toString()));
        assertFalse(Files.exists(root.resolve("tree")));
        assertEquals("precious", Files.readString(keep));
        Path f = Files.writeString(root.resolve("f"), "x");
        assertEquals(true, call("file.remove", f.toString()));
        assertFalse(Files.exists(f));
        assertEquals(false, call("file.remove", f.toString()));
        assertThrows(FunctionException.class, () -> call("file.remove", root.toString()));
        assertTrue(Files.isDirectory(root));
    }

    @Test
    void mkdirChownAndSetModeChangeOwnershipAndBits() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "changing owners needs root");
        Path d = root.resolve("a/b");
        assertEquals(true, callWith("file.mkdir", List.of(d.toString()),
                Map.of("user", "nobody", "group", "nogroup", "mode", "750")));
        assertTrue(Files.isDirectory(d));
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(d)));
        assertEquals("nobody", Files.getOwner(d).getName());
        assertEquals(true, call("file.mkdir", d.toString()), "already there");

        Path f = Files.writeString(d.resolve("f"), "x");
        assertEquals(true, call("file.chown", f.toString(), "nobody", "nogroup"));
        assertEquals("nobody", Files.getOwner(f).getName());
        assertEquals("nogroup", Files.readAttributes(f, java.nio.file.attribute.PosixFileAttributes.class)
                .group().getName());
        assertEquals("0640", call("file.set_mode", f.toString(), "0640"));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        assertEquals("0604", call("file.set_mode", f.toString(), 604));
        FunctionException e = assertThrows(FunctionException.class, () -> call("file.set_mode", f.toString(), "4755"));
        assertTrue(e.getMessage().contains("4755"), e.getMessage());
        e = assertThrows(FunctionException.class, () -> call("file.chown", f.toString(), "nosuchuserhere"));
        assertTrue(e.getMessage().contains("nosuchuserhere"), e.getMessage());
    }

    @Test
    void getHashTakesSaltsFormArgument() throws Exception {
        Path f = Files.writeString(root.resolve("f"), "abc");
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", call("file.get_hash",
                f.toString()));
        assertEquals("900150983cd24fb0d6963f7d28e17f72", callWith("file.get_hash", List.of(f.toString()),
                Map.of("form", "md5")));
    }

    @Test
    void findFiltersByNameTypeAndDepthAndSorts() throws Exception {
        Files.createDirectories(root.resolve("etc/conf.d"));
        Files.writeString(root.resolve("etc/b.conf"), "");
        Files.writeString(root.resolve("etc/a.conf"), "");
        Files.writeString(root.resolve("etc/conf.d/deep.conf"), "");
        Files.writeString(root.resolve("etc/notes.txt"), "");
        String etc = root.resolve("etc").toString();
        assertEquals(List.of(etc + "/a.conf", etc + "/b.conf", etc + "/conf.d/deep.conf"),
                callWith("file.find", List.of(etc), Map.of("name", "*.conf", "type", "f")));
        assertEquals(List.of(etc + "/a.conf", etc + "/b.conf"),
                callWith("file.find", List.of(etc), Map.of("name", "*.conf", "maxdepth", 1)));
        assertEquals(List.of(etc, etc + "/conf.d"), callWith("file.find", List.of(etc), Map.of("type", "d")));
    }

    @Test
    void replaceKeepsTheOldContentAsABackupUnlessToldNotToAsSaltDoes() throws Exception {
        Path f = Files.writeString(root.resolve("sshd_config"), "Port 22\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        callWith("file.replace", List.of(f.toString(), "22", "2222"), Map.of());
        assertEquals("Port 22\n", Files.readString(root.resolve("sshd_config.bak")));
        assertEquals("rw-------", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(root.resolve("sshd_config.bak"))), "as private as the file");
        callWith("file.replace", List.of(f.toString(), "2222", "22222"), Map.of("backup", ".orig"));
        assertEquals("Port 2222\n", Files.readString(root.resolve("sshd_config.orig")));
        callWith("file.replace", List.of(f.toString(), "22222", "2"), Map.of("backup", false));
        assertEquals("Port 2\n", Files.readString(f));
        assertEquals("Port 22\n", Files.readString(root.resolve("sshd_config.bak")), "no new backup");
        callWith("file.replace", List.of(f.toString(), "absent", "x"), Map.of("backup", ".unchanged"));
        assertFalse(Files.exists(root.resolve("sshd_config.unchanged")), "nothing changed, nothing kept");
        FunctionException slash = assertThrows(FunctionException.class,
                () -> callWith("file.replace", List.of(f.toString(), "2", "3"), Map.of("backup", "/../../x")));
        assertTrue(slash.getMessage().contains("argument 'backup' must match"), slash.getMessage());
        assertEquals("Port 2\n", Files.readString(f));
    }

    @Test
    void replaceCanOnlySearchAndCanIgnoreAMissingFile() throws Exception {
        Path f = Files.writeString(root.resolve("cfg"), "PermitRootLogin yes\n");
        assertEquals(true, callWith("file.replace", List.of(f.toString(), "^PermitRoot\\w+ yes$", "x"),
                Map.of("search_only", true)));
        assertEquals(false, callWith("file.replace", List.of(f.toString(), "^Banner", "x"),
                Map.of("search_only", true)));
        assertEquals("PermitRootLogin yes\n", Files.readString(f), "a search changes nothing");
        assertFalse(Files.exists(root.resolve("cfg.bak")));
        assertThrows(FunctionException.class, () -> callWith("file.replace", List.of(f.toString(), "a", "b"),
                Map.of("search_only", true, "append_if_not_found", true)));
        String missing = root.resolve("no/such/file").toString();
        assertEquals(false, callWith("file.replace", List.of(missing, "a", "b"), Map.of("ignore_if_missing", true)));
        assertThrows(FunctionException.class, () -> callWith("file.replace", List.of(missing, "a", "b"), Map.of()));
        String outsideRoots = outside.resolve("missing").toString();
        FunctionException refused = assertThrows(FunctionException.class, () -> callWith("file.replace",
                List.of(outsideRoots, "a", "b"), Map.of("ignore_if_missing", true)));
        assertTrue(refused.getMessage().contains("file_roots_allowed"), refused.getMessage());
    }

    @Test
    void everyFileFunctionRefusesAPathOutsideTheRootNamingIt() throws Exception {
        Path secret = Files.writeString(outside.resolve("secret"), "x");
        String path = secret.toString();
        for (String function : List.of("file.read", "file.write", "file.append", "file.file_exists",
                "file.directory_exists", "file.remove", "file.mkdir", "file.chown", "file.set_mode", "file.get_hash",
                "file.find", "file.replace")) {
            List<Object> args = switch (function) {
                case "file.chown" -> List.of(path, "root");
                case "file.replace" -> List.of(path, "x", "y");
                case "file.set_mode" -> List.of(path, "600");
                default -> List.of(path);
            };
            FunctionException e = assertThrows(FunctionException.class, () -> callWith(function, args, Map.of()),
                    function);
            assertTrue(e.getMessage().contains(path) && e.getMessage().contains("file_roots_allowed"),
                    function + ": " + e.getMessage());
        }
        assertEquals("x", Files.readString(secret));
    }
}
