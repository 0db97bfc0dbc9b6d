package io.brine.modules.alternatives;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Debian's alternatives system through its own {@code update-alternatives}, run by the minion's runner with the
 * caller's values as arguments only. The alternatives and administrative directories are constructor arguments
 * ({@code --altdir}, {@code --admindir}) so tests work in directories of their own; null: the system's.
 */
final class Alternatives {
    private final Path altdir;
    private final Path admindir;

    Alternatives(Path altdir, Path admindir) {
        this.altdir = altdir;
        this.admindir = admindir;
    }

    CommandResult run(CommandRunner runner, String... args) throws IOException, InterruptedException,
            FunctionException {
        List<String> argv = new ArrayList<>(List.of("update-alternatives"));
        if (altdir != null) {
            argv.addAll(List.of("--altdir", altdir.toString()));
        }
        if (admindir != null) {
            argv.addAll(List.of("--admindir", admindir.toString()));
        }
        for (String a : args) {
            if (a.startsWith("-") && !a.startsWith("--")) {
                throw new FunctionException("alternatives: '" + a + "' is not a name or a path");
            }
            argv.add(a);
        }
        return runner.run(Command.of(argv));
    }

    /** {@code update-alternatives --display NAME}'s text; empty when the group does not exist. */
    String display(CommandRunner runner, String name) throws IOException, InterruptedException,
            FunctionException {
        CommandResult r = run(runner, "--display", word(name));
        return r.exitCode() == 0 ? r.stdout() : "";
    }

    /** Whether {@code path} is one of the group's alternatives (Salt's check_exists). */
    boolean registered(CommandRunner runner, String name, String path) throws IOException, InterruptedException,
            FunctionException {
        return display(runner, name).lines().anyMatch(l -> l.startsWith(path + " ") || l.equals(path));
    }

    /** The path the group's link leads to now, or null (Salt's show_current). */
    String current(String name) throws FunctionException {
        Path link = (altdir != null ? altdir : Path.of("/etc/alternatives")).resolve(word(name));
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** A group name, one path component that is not an option. */
    static String word(String name) throws FunctionException {
        if (name == null || !name.matches("[A-Za-z0-9_.+][A-Za-z0-9_.+-]*")) {
            throw new FunctionException("alternatives: '" + name + "' is not an alternatives name");
        }
        return name;
    }

    /** An absolute path, never an option. */
    static String path(String path) throws FunctionException {
        if (path == null || !path.startsWith("/")) {
            throw new FunctionException("alternatives: '" + path + "' is not an absolute path");
        }
        return path;
    }
}
