package io.brine.minion.modules;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * Salt's {@code cmd.script}: fetches a script from the master's file roots ({@code brine://} or
 * {@code salt://}), runs it with arguments, and returns what {@code cmd.run_all} does. The script is copied to a
 * private file first, because the cache's copy is shared and read-only; a script with a {@code #!} line runs
 * directly, any other through the shell.
 */
final class CmdScript implements ExecutionFunction {
    private static final List<String> SCHEMES = List.of("brine://", "salt://");

    @Override
    public String name() {
        return "cmd.script";
    }

    @Override
    public String doc() {
        return "Fetches a script from the master (brine://path) and runs it with args; returns its pid, retcode, "
                + "stdout and stderr, as cmd.run_all.";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>();
        params.add(Param.required("source", Param.Type.STRING, "brine://path of the script in the file roots"));
        params.add(Param.optional("args", Param.Type.STRING, null, "arguments, split into words as a shell would"));
        params.addAll(CommandArgs.PARAMS);
        return params;
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException, InterruptedException {
        String source = args.string("source");
        String relative = SCHEMES.stream().filter(source::startsWith).findFirst()
                .map(s -> source.substring(s.length())).orElseThrow(() -> new FunctionException(
                        "cmd.script: source must be brine://path (or salt://path), got '" + source + "'"));
        // Checked as the caller wrote it, before anything is fetched: the private copy's path is no one's to allow.
        String asked = args.string("args") == null ? source : source + " " + args.string("args");
        CommandArgs.requireAllowed(name(), context, args, asked);
        Path script = null;
        try {
            Path cached = context.master().file(relative).orElseThrow(
                    () -> new FunctionException("cmd.script: " + source + " is not in the master's file roots"));
            script = privateCopy(context, cached, args.string("runas"));
            List<String> argv = new ArrayList<>();
            if (!startsWithShebang(script)) {
                argv.add(args.string("shell"));
            }
            argv.add(script.toString());
            if (args.string("args") != null) {
                argv.addAll(ShellWords.split(name(), args.string("args")));
            }
            return CmdRun.result(CommandArgs.execute(name(), context, args, argv), CmdRun.Shape.ALL);
        } catch (IOException e) {
            throw new FunctionException("cmd.script: " + e.getMessage());
        } finally {
            if (script != null) {
                try {
                    Files.deleteIfExists(script);
                    if (!script.getParent().equals(context.cacheDir().resolve("scripts"))) {
                        Files.deleteIfExists(script.getParent()); // the runas user's private directory
                    }
                } catch (IOException e) {
                    // in the minion's private cache; the next start's clean-up is not needed for one file
                }
            }
        }
    }

    /**
     * A copy only root (or the runas user) can read and run. Root's is in the minion's private cache; the runas
     * user cannot traverse that, so its copy goes in a fresh 0700 directory of its own under the temp directory.
     */
    private static Path privateCopy(FunctionContext context, Path cached, String runas) throws IOException {
        boolean asOther = runas != null && !runas.isEmpty();
        Path dir = asOther ? Files.createTempDirectory("brine-script-")
                : Files.createDirectories(context.cacheDir().resolve("scripts"));
        Path copy = Files.createTempFile(dir, context.jid() + "-", "-" + cached.getFileName(),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.copy(cached, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwx------")); // the copy made it anew
        if (asOther) {
            var user = copy.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(runas);
            Files.setOwner(copy, user);
            Files.setOwner(dir, user);
        }
        return copy;
    }

    private static boolean startsWithShebang(Path script) throws IOException {
        try (var in = Files.newInputStream(script)) {
            byte[] two = in.readNBytes(2);
            return two.length == 2 && two[0] == '#' && two[1] == '!';
        }
    }
}
