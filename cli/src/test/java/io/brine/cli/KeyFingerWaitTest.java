package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.master.TestPorts;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's tour: {@code brine master &} then at once {@code brine key finger}, which used to race the master. */
class KeyFingerWaitTest {
    @TempDir
    Path root;

    @Test
    void keyFingerRightAfterStartingAMasterWaitsForItsKey() throws Exception {
        Path yaml = Files.writeString(root.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: "
                + TestPorts.free() + "\npki_dir: " + root.resolve("pki") + "\ncachedir: " + root.resolve("cache")
                + "\n");
        Process master = new ProcessBuilder(BrineProcess.command(System.getProperty("java.class.path"), List.of(),
                "master", "-c", yaml.toString())).redirectErrorStream(true)
                .redirectOutput(root.resolve("master.log").toFile()).start();
        try {
            org.junit.jupiter.api.Assumptions.assumeTrue(!Files.exists(root.resolve("pki/master.pub")),
                    "the race this test is about: asked before the master wrote its key");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            // a loaded machine may take long to start a JVM: --wait raises the default 10 s, which the tour relies on
            int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "key", "finger", "-c",
                    yaml.toString(), "--wait", "60");
            assertEquals(0, exit, err + Files.readString(root.resolve("master.log")));
            assertEquals(Fingerprint.of(KeyFiles.readPublicKey(root.resolve("pki/master.pub"))) + "\n", out.toString());
        } finally {
            master.destroy();
            assertTrue(master.waitFor(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void withNoMasterItGivesUpAfterTheWaitNamingTheKeyFile() {
        Path yaml = root.resolve("master.yaml");
        StringWriter err = new StringWriter();
        try {
            Files.writeString(yaml, "pki_dir: " + root.resolve("pki") + "\n");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        int exit = Main.run(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "key", "finger",
                "-c", yaml.toString(), "--wait", "0");
        assertEquals(2, exit);
        assertEquals("brine: no master key at " + root.resolve("pki/master.pub") + " after 0 s: start the master once "
                + "first\n", err.toString());
    }
}
