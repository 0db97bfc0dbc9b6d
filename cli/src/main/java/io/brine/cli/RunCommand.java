package io.brine.cli;

import io.brine.config.CallArguments;
import io.brine.output.JobOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a function on the minions a target selects: wait for their returns (call), "
                + "or print the job id at once (cast, --async).",
        footer = {"", "Examples:", "  brine run '*' test.ping", "  brine run -L web1,web2 cmd.run 'df -h' cwd=/tmp",
                "  brine run -E 'db[0-9]+' --async test.sleep 30", "  brine run --out json 'web*' grains.get os"})
final class RunCommand implements Callable<Integer> {
    @Mixin
    JobOptions options;

    @Parameters(index = "0", paramLabel = "TARGET", description = "which minions: a glob, or a list/regex with -L/-E")
    String target;

    @Parameters(index = "1", paramLabel = "FUNCTION", description = "module.function, e.g. cmd.run")
    String function;

    @Parameters(index = "2..*", paramLabel = "ARG", description = "arguments; key=value ones are keyword arguments")
    List<String> words = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CallArguments a = CallArguments.parse(words);
        return JobCall.execute(spec, options, target, function, a.args(), a.kwargs(), JobOutput::text);
    }
}
