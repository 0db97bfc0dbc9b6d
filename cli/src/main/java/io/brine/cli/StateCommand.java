package io.brine.cli;

import io.brine.output.StateOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "state", mixinStandardHelpOptions = true, description = "Apply declarative states (Salt's SLS).",
        subcommands = StateCommand.Apply.class,
        footer = {"", "Examples:", "  brine state apply '*'                       # highstate: what top.sls assigns",
                "  brine state apply 'web*' nginx users --test  # report what would change",
                "  brine state apply --local webserver --test   # this machine, no master (cloud-init, Packer)"})
final class StateCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "apply", mixinStandardHelpOptions = true,
            description = "Apply state files from the master's file_roots to the minions a target selects; without "
                    + "state names, apply the highstate. Exits 1 if any state failed. With --local, apply them to this "
                    + "machine with no master and no TARGET: files and pillar come from the minion config's "
                    + "file_roots and pillar_roots, and -c names the minion config (default "
                    + MinionCommand.DEFAULT_CONFIG + ").",
            footer = {"", "Examples:", "  brine state apply -L web1,web2 webserver --test --out json",
                    "  brine state apply --local -c ./minion.yaml webserver --test"})
    static final class Apply implements Callable<Integer> {
        @Mixin
        JobOptions options;

        @Option(names = "--test", description = "change nothing; report what would change")
        boolean test;

        @Option(names = "--local", description = "apply to this machine, with no master (Salt's salt-call --local)")
        boolean local;

        /** TARGET then the state files; with --local there is no TARGET, every word is a state file. */
        @Parameters(index = "0..*", paramLabel = "TARGET SLS", description = "which minions (not with --local), then "
                + "state files, e.g. nginx or common.users")
        List<String> words = new ArrayList<>();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (!local && words.isEmpty()) {
                throw CliException.usage("Missing required parameter: 'TARGET'");
            }
            List<String> sls = local ? words : words.subList(1, words.size());
            Map<String, Object> kwargs = new LinkedHashMap<>();
            if (!sls.isEmpty()) {
                kwargs.put("mods", String.join(",", sls));
            }
            if (test) {
                kwargs.put("test", true);
            }
            if (local) {
                if (options.async || options.batch != null || options.queue != null) {
                    throw CliException.usage("--local runs here and now: --async, --batch and --queue do not apply");
                }
                boolean configGiven = spec.commandLine().getParseResult().hasMatchedOption("--config");
                Path minionConfig = configGiven ? options.config.file : Path.of(MinionCommand.DEFAULT_CONFIG);
                return LocalCall.execute(spec, minionConfig, options.out, options.timeoutSeconds, "state.apply",
                        List.of(), kwargs, StateOutput::text);
            }
            return JobCall.execute(spec, options, words.get(0), "state.apply", List.of(), kwargs, StateOutput::text);
        }
    }
}
