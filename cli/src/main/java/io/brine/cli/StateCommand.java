package io.brine.cli;

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
                "  brine state apply 'web*' nginx users --test  # report what would change"})
final class StateCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "apply", mixinStandardHelpOptions = true,
            description = "Apply state files from the master's file_roots to the minions a target selects; without "
                    + "state names, apply the highstate. Exits 1 if any state failed.",
            footer = {"", "Example:", "  brine state apply -L web1,web2 webserver --test --out json"})
    static final class Apply implements Callable<Integer> {
        @Mixin
        JobOptions options;

        @Option(names = "--test", description = "change nothing; report what would change")
        boolean test;

        @Parameters(index = "0", paramLabel = "TARGET", description = "which minions")
        String target;

        @Parameters(index = "1..*", paramLabel = "SLS", description = "state files, e.g. nginx or common.users")
        List<String> sls = new ArrayList<>();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            Map<String, Object> kwargs = new LinkedHashMap<>();
            if (!sls.isEmpty()) {
                kwargs.put("mods", String.join(",", sls));
            }
            if (test) {
                kwargs.put("test", true);
            }
            return JobCall.execute(spec, options, target, "state.apply", List.of(), kwargs, StateOutput::text);
        }
    }
}
