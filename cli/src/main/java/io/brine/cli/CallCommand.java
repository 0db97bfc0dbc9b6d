package io.brine.cli;

import io.brine.config.CallArguments;
import io.brine.output.JobOutput;
import io.brine.output.StateOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code brine call [--local] FUNCTION [ARG...]}: Salt's {@code salt-call}, a function run on this machine. With
 * {@code --local} (or {@code file_client: local}) there is no master: files and pillar come from the minion config's
 * {@code file_roots} and {@code pillar_roots}. Without it the running minion runs the function, with its pillar and
 * files from its master.
 */
@Command(name = "call", mixinStandardHelpOptions = true,
        description = "Run a function on this machine, as Salt's salt-call does: through the running minion, with "
                + "its pillar and files from its master; or with no master (--local, or file_client: local in the "
                + "minion config), files and pillar from the minion config's file_roots and pillar_roots. Prints "
                + "and exits as 'brine run' does.",
        footer = {"", "Examples:", "  brine call pillar.get webserver:port       # through the running minion",
                "  brine call --local test.echo hi --out json",
                "  brine call --local -c ./minion.yaml state.apply webserver test=true",
                "  brine call --local cmd.run 'systemctl is-active nginx'"})
final class CallCommand implements Callable<Integer> {
    @Option(names = "--local", description = "run without a master (Salt's salt-call --local)")
    boolean local;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = MinionCommand.DEFAULT_CONFIG,
            description = "minion configuration (default: ${DEFAULT-VALUE})")
    Path config;

    @Option(names = "--timeout", paramLabel = "S", description = "seconds the function may run (default: a day)")
    Integer timeoutSeconds;

    @Option(names = "--out", defaultValue = "text", description = "text, json, jsonl or yaml, as 'brine run'")
    String out;

    @Option(names = "--args-file", paramLabel = "FILE", description = "the arguments as JSON {\"args\": [...], "
            + "\"kwargs\": {...}} instead of ARG words (how brine ssh passes them exactly)")
    Path argsFile;

    @Parameters(index = "0", paramLabel = "FUNCTION", description = "module.function, e.g. cmd.run")
    String function;

    @Parameters(index = "1..*", paramLabel = "ARG", description = "arguments; key=value ones are keyword arguments")
    List<String> words = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (argsFile != null && !words.isEmpty()) {
            throw CliException.usage("give the arguments as ARG words or in --args-file, not both");
        }
        CallArguments a;
        try {
            a = argsFile == null ? CallArguments.parse(words) : CallArguments.readFile(argsFile);
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
        boolean masterless = local || LocalCall.fileClientLocal(config);
        return LocalCall.execute(spec, config, out, timeoutSeconds, function, a.args(), a.kwargs(),
                StateOutput.printsStates(function) ? StateOutput::text : JobOutput::text, masterless);
    }
}
