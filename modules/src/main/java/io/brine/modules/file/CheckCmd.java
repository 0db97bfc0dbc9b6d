package io.brine.modules.file;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.StateContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code file.managed}'s {@code check_cmd}: the command runs with a temporary file holding the new
 * content appended as its last argument (as {@code visudo -c -f} expects), before the target is
 * touched. The temporary file lives in {@code tmp_dir} (default: the system's) with the suffix
 * {@code tmp_ext}, for checkers that care where a file is or how it is named, and is always removed.
 */
final class CheckCmd {
    private CheckCmd() {}

    /** Why the check refused the content, or empty when it passed. */
    static Optional<String> failure(String checkCmd, byte[] content, Optional<String> tmpDir, String tmpExt,
            StateContext ctx) throws IOException, InterruptedException {
        Path dir = Path.of(tmpDir.orElse(System.getProperty("java.io.tmpdir")));
        if (!Files.isDirectory(dir)) {
            return Optional.of("tmp_dir " + dir + " is not a directory");
        }
        Path temp = Files.createTempFile(dir, "brine-check-", tmpExt);
        try {
            Files.write(temp, content);
            // the minion's policy judged checkCmd as written (FileManaged#effects); the name appended is one quoted word
            String line = checkCmd + " " + quoted(temp.toString());
            CommandResult r = ctx.commands().run(Command.shell(line));
            if (r.ok()) {
                return Optional.empty();
            }
            StringBuilder why = new StringBuilder("check_cmd failed (exit " + r.exitCode() + "), file left unchanged");
            for (String out : new String[] {r.stdout(), r.stderr()}) {
                if (!out.isBlank()) {
                    why.append('\n').append(out.strip());
                }
            }
            return Optional.of(why.toString());
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static String quoted(String path) {
        return "'" + path.replace("'", "'\\''") + "'";
    }
}
