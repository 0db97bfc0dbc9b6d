package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The man pages and completions written from the picocli model: complete, well-formed troff, working bash. */
class CommandDocsTest {
    @TempDir
    static Path out;

    @BeforeAll
    static void write() throws IOException {
        CommandDocs.main(new String[] {out.toString(), "9.9.9"});
    }

    private static String page(String variant, String name) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(out.resolve(variant + "/man/" + name
                + ".1.gz")))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyCommandHasAPageNamedAfterItsPath() throws IOException {
        for (CommandLine c : CommandDocs.tree(BrineCommand.commandLine())) {
            String name = c.getCommandSpec().qualifiedName("-");
            String page = page("full", name);
            assertTrue(page.startsWith(".TH " + name.toUpperCase(java.util.Locale.ROOT) + " 1 \"\" \"brine 9.9.9\""),
                    name + ": " + page.lines().findFirst().orElse(""));
            assertTrue(page.contains(".SH SYNOPSIS\n.B " + CommandDocs.escape(c.getCommandSpec().qualifiedName(" "))),
                    name);
        }
        String accept = page("full", "brine-key-accept");
        assertTrue(accept.contains("\\fB\\-c, \\-\\-config\\fR"), accept);
        assertTrue(page("full", "brine").contains(".SH EXIT STATUS"));
        assertTrue(page("full", "brine-run").contains(".SH EXAMPLES"));
    }

    @Test
    void theMinionPackagesPageHasOnlyWhatItsLauncherReads() throws IOException {
        String page = page("minion", "brine");
        for (String command : List.of("BRINE MINION", "BRINE EVENT SEND", "BRINE CALL", "BRINE STATE APPLY")) {
            assertTrue(page.contains(".SH " + command + "\n"), command + "\n" + page);
        }
        assertFalse(page.contains("BRINE RUN") || page.contains("\\-\\-batch") || page.contains("BRINE KEY"), page);
        String bash = Files.readString(out.resolve("minion/completion/brine.bash"));
        assertFalse(bash.contains("--batch"), "state apply in the minion package takes no --batch");
    }

    @Test
    void groffReadsEveryPageWithoutAWarning() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/groff")), "groff (man-db) renders man pages");
        try (var pages = Files.list(out.resolve("full/man"))) {
            for (Path p : (Iterable<Path>) pages::iterator) {
                Path plain = out.resolve(p.getFileName() + ".troff");
                try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
                    Files.write(plain, in.readAllBytes());
                }
                Process groff = new ProcessBuilder("groff", "-man", "-Tutf8", "-ww", "-z", plain.toString())
                        .redirectErrorStream(true).start();
                String warnings = new String(groff.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(groff.waitFor(30, TimeUnit.SECONDS));
                assertEquals("", warnings, p.getFileName().toString());
                assertEquals(0, groff.exitValue());
            }
        }
    }

    @Test
    void bashCompletesSubcommandsAndOptions() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash");
        Path script = out.resolve("full/completion/brine.bash");
        assertEquals("key", complete(script, "brine", "ke"));
        assertTrue(complete(script, "brine", "key", "acc").contains("accept"));
        assertTrue(complete(script, "brine", "run", "--ti").contains("--timeout"));
    }

    /** What the completion offers for the last word, as bash computes it on TAB. */
    private static String complete(Path script, String... words) throws Exception {
        String array = String.join(" ", java.util.Arrays.stream(words).map(w -> "'" + w + "'").toList());
        String cmd = "source " + script + "; COMP_WORDS=(" + array + "); COMP_CWORD=" + (words.length - 1)
                + "; COMP_LINE='" + String.join(" ", words) + "'; COMP_POINT=${#COMP_LINE}; _complete_brine;"
                + " echo \"${COMPREPLY[*]}\"";
        Process bash = new ProcessBuilder("bash", "-c", cmd).redirectErrorStream(true).start();
        String result = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(bash.waitFor(30, TimeUnit.SECONDS));
        return result;
    }
}
