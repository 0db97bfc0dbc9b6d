package io.brine.minion.modules;

import io.brine.functions.Command;
import io.brine.functions.FunctionException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns cmd.run's cmd, cwd and env arguments into a {@link Command}, rejecting ones that cannot work. */
final class CommandLine {
    private CommandLine() {
    }

    /** A {@link Command} for cmd.run's cmd, cwd and env; the environment's values must be scalars. */
    static Command command(Object cmd, String cwd, Map<String, Object> env) throws FunctionException {
        Map<String, String> changes = new LinkedHashMap<>();
        if (env != null) {
            for (Map.Entry<String, Object> e : env.entrySet()) {
                changes.put(e.getKey(), e.getValue() == null ? null
                        : scalar("env value of " + e.getKey(), e.getValue()));
            }
        }
        return Command.of(argv(cmd)).withCwd(cwd == null ? null : Path.of(cwd)).withEnv(changes);
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
