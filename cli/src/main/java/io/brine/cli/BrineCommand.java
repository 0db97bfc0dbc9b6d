package io.brine.cli;

import io.brine.protocol.BrineVersion;
import picocli.CommandLine.Command;

@Command(name = "brine", mixinStandardHelpOptions = true, versionProvider = BrineCommand.Version.class,
        description = "Run commands, move files and apply states on many machines at once, securely.",
        subcommands = {MasterCommand.class, MinionCommand.class, KeyCommand.class, RunCommand.class, CpCommand.class,
                StateCommand.class, EventCommand.class, EventsCommand.class,
                JobCommand.class, TokenCommand.class, DemoCommand.class, BenchCommand.class},
        footer = {"", "Examples:", "  brine demo                                 # a master and two minions on loopback",
                "  brine master -c master.yaml               # run a master in the foreground",
                "  brine key accept web1                      # accept a minion's key",
                "  brine run 'web*' cmd.run 'uptime'          # run a command on matching minions"})
final class BrineCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"brine " + BrineVersion.CURRENT};
        }
    }
}
