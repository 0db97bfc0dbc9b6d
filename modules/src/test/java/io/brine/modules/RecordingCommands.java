package io.brine.modules;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A command runner for provider tests on machines without the provider's tools (dnf, apk, OpenRC): it answers
 * each expected command line with a scripted result and records every command run, so a test can assert the exact
 * commands and how their output is read. A command nobody scripted fails the test, rather than answering
 * something a provider might misread as success.
 *
 * <pre>{@code
 * RecordingCommands commands = new RecordingCommands()
 *         .answer(0, "7.76.1-26.el9\n", "rpm", "-q", "--qf", "%{VERSION}-%{RELEASE}", "curl");
 * new RpmPackages(commands, "dnf").installedVersion("curl");   // Optional[7.76.1-26.el9]
 * commands.argvs();   // [[rpm, -q, --qf, %{VERSION}-%{RELEASE}, curl]]
 * }</pre>
 */
public final class RecordingCommands implements CommandRunner {
    private final Map<List<String>, CommandResult> answers = new LinkedHashMap<>();
    private final List<Command> ran = new ArrayList<>();

    /** Answers {@code argv} with this exit code and standard output. */
    public RecordingCommands answer(int exitCode, String stdout, String... argv) {
        return answer(new CommandResult(exitCode, stdout, "", 4242), argv);
    }

    /** Answers {@code argv} with a failure and this standard error. */
    public RecordingCommands fail(int exitCode, String stderr, String... argv) {
        return answer(new CommandResult(exitCode, "", stderr, 4242), argv);
    }

    private RecordingCommands answer(CommandResult result, String... argv) {
        answers.put(List.of(argv), result);
        return this;
    }

    @Override
    public synchronized CommandResult run(Command command) {
        ran.add(command);
        CommandResult r = answers.get(command.argv());
        if (r == null) {
            throw new AssertionError("unexpected command: " + command.argv() + "; scripted: " + answers.keySet());
        }
        return r;
    }

    /** Every command run, in order. */
    public synchronized List<Command> commands() {
        return List.copyOf(ran);
    }

    /** The argument vectors of every command run, in order. */
    public synchronized List<List<String>> argvs() {
        return ran.stream().map(Command::argv).toList();
    }
}
