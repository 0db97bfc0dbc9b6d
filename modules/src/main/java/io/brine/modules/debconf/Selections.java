package io.brine.modules.debconf;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The debconf database through its own tools: {@code debconf-get-selections} (package debconf-utils) reads every
 * answer, {@code debconf-set-selections} (package debconf) records new ones, read from its standard input.
 */
final class Selections {
    private final CommandRunner commands;

    Selections(CommandRunner commands) {
        this.commands = commands;
    }

    /** The answers recorded for questions owned by {@code owner}; a question asked of no one has no entry. */
    List<Selection> of(String owner) throws IOException, InterruptedException {
        CommandResult r;
        try {
            r = commands.run("debconf-get-selections");
        } catch (IOException e) {
            throw new IOException("debconf-get-selections could not run (it comes with package debconf-utils): "
                    + e.getMessage(), e);
        }
        if (!r.ok()) {
            throw new IOException("debconf-get-selections failed: " + r.diagnostic());
        }
        List<Selection> found = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            parse(line).filter(s -> s.owner().equals(owner)).ifPresent(found::add);
        }
        return found;
    }

    /** Records the answers; empty when debconf took them, else what it said. */
    Optional<String> set(List<Selection> answers) throws IOException, InterruptedException {
        StringBuilder input = new StringBuilder();
        answers.forEach(a -> input.append(a.line()).append('\n'));
        CommandResult r = commands.run(Command.of("debconf-set-selections").withStdin(input.toString()));
        return r.ok() ? Optional.empty() : Optional.of(r.diagnostic());
    }

    /** A line of {@code owner TAB question TAB type TAB value}; comments and blank lines are not answers. */
    static Optional<Selection> parse(String line) {
        if (line.isBlank() || line.startsWith("#")) {
            return Optional.empty();
        }
        String[] fields = line.split("\t", 4);
        if (fields.length < 3) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Selection(fields[0], fields[1], fields[2], fields.length == 4 ? fields[3] : ""));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
