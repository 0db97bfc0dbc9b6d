package io.brine.cli;

import io.brine.jobs.SshOptions;
import io.brine.config.CallArguments;
import io.brine.output.JobOutput;
import io.brine.output.StateOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code brine ssh}: Salt's salt-ssh, a job for machines with no minion, named in the master's roster. The master
 * runs it (so its publisher_acl, audit and job cache apply as to {@code brine run}), over SSH.
 */
@Command(name = "ssh", mixinStandardHelpOptions = true,
        description = "Run a function on machines with no minion, named in the master's roster (roster_file), over "
                + "SSH: Salt's salt-ssh. Targets, output, job records and exit codes are those of 'brine run'; a host "
                + "that does not accept a connection reads 'not connected'. test.ping, test.echo, cmd.run, "
                + "cmd.run_all and cmd.retcode need only a shell there; anything else (state.apply...) runs with "
                + "Brine's minion jar, copied once, and needs Java on the host.",
        footer = {"", "Examples:", "  brine ssh '*' test.ping", "  brine ssh --accept-new -L web1,web2 cmd.run 'df -h'",
                "  brine ssh -G role:web state.apply webserver", "  brine ssh -b 2 'db*' cmd.run 'systemctl restart pg'"})
final class SshCommand implements Callable<Integer> {
    @Mixin
    JobOptions options;

    @Option(names = "--accept-new", description = "trust a host whose key is not yet in ssh_known_hosts, adding it "
            + "there (a host whose key changed is refused either way)")
    boolean acceptNew;

    @Parameters(index = "0", paramLabel = "TARGET", description = "which roster hosts: a glob, or a list/regex/grain "
            + "target with -L/-E/-G...")
    String target;

    @Parameters(index = "1", paramLabel = "FUNCTION", description = "module.function, e.g. cmd.run or state.apply")
    String function;

    @Parameters(index = "2..*", paramLabel = "ARG", description = "arguments; key=value ones are keyword arguments")
    List<String> words = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CallArguments a = CallArguments.parse(words);
        return JobCall.execute(spec, options, target, function, a.args(), a.kwargs(),
                StateOutput.printsStates(function) ? StateOutput::text : JobOutput::text,
                job -> job.overSsh(new SshOptions(acceptNew)));
    }
}
