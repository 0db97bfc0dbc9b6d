package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user who may not read the master's pki_dir is told so, instead of being shown an empty key list. */
class KeyPermissionTest {
    @TempDir
    Path root;

    @Test
    void aUserWhoMayNotReadThePkiDirGetsPermissionDeniedNotAnEmptyList() throws Exception {
        assumeTrue(BrineProcess.root(), "needs root, to run brine as nobody");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (TestCluster c = TestCluster.start(root)) {
            c.acceptedMinion("web1");
            Files.setPosixFilePermissions(root.resolve("master"), PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(c.masterYaml, PosixFilePermissions.fromString("rw-r--r--"));
            Path pki = root.resolve("master/pki");
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(pki)));
            assertEquals("Accepted Keys:\nweb1\nDenied Keys:\nUnaccepted Keys:\nRejected Keys:\n",
                    c.cli("key", "list").out(), "root, the master's user, sees the key");

            String classPath = BrineProcess.readableClassPath(root.resolve("classpath"));
            Path scratch = Files.createDirectories(root.resolve("scratch"));
            BrineProcess.Result r = BrineProcess.runAs("nobody", classPath, scratch, "key", "list", "-c",
                    c.masterYaml.toString());
            assertEquals(2, r.exit(), r.out() + r.err());
            assertEquals("", r.out());
            assertEquals("brine: permission denied on " + pki + " (pki_dir in " + c.masterYaml + "): run this as the "
                    + "master's user (sudo), or as a named operator with --client-key\n", r.err());
        }
    }
}
