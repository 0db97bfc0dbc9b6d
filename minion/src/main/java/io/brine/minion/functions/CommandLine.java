package io.brine.minion.functions;

import io.brine.minion.function.FunctionException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Turns cmd.run's cmd, cwd and env arguments into a {@link ProcessBuilder}, rejecting ones that cannot work. */
final class CommandLine {
    private CommandLine() {
    }

    static ProcessBuilder builder(Object cmd, String cwd, Map<String, Object> env) throws FunctionException {
        ProcessBuilder builder = new ProcessBuilder(argv(cmd));
        if (cwd != null) {
            // Checked here because the JDK's error for a bad directory names the program, not the directory.
            if (!Files.isDirectory(Path.of(cwd))) {
                throw new FunctionException("cmd.run: cwd '" + cwd + "' is not a directory");
            }
            builder.directory(new File(cwd));
        }
        if (env != null) {
            for (Map.Entry<String, Object> e : env.entrySet()) {
                if (e.getValue() == null) {
                    builder.environment().remove(e.getKey());
                } else {
                    builder.environment().put(e.getKey(), scalar("env value of " + e.getKey(), e.getValue()));
                }
            }
        }
        return builder;
    }

    /** A string is a shell command line; a list is argv, run without a shell so nothing needs quoting. */
    static List<String> argv(Object cmd) throws FunctionException {
        if (cmd instanceof String line && !line.isBlank()) {
            return List.of("/bin/sh", "-c", line);
        }
        if (cmd instanceof List<?> list && !list.isEmpty()) {
            List<String> argv = new ArrayList<>();
            for (Object arg : list) {
                argv.add(scalar("argument " + argv.size() + " of cmd", arg));
            }
            return argv;
        }
        throw new FunctionException("cmd.run: cmd must be a command line or a non-empty list of arguments, got "
                + (cmd instanceof String ? "a blank string" : String.valueOf(cmd)));
    }

    private static String scalar(String what, Object value) throws FunctionException {
        if (value instanceof String || value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        throw new FunctionException("cmd.run: " + what + " must be a string, got " + value);
    }
}
