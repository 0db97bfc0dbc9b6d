package io.brine.cli;

import io.brine.protocol.BrineVersion;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "brine", mixinStandardHelpOptions = true, versionProvider = BrineCommand.Version.class,
        description = "Run commands, move files and apply states on many machines at once, securely.",
        footer = {"", "Examples:", "  brine demo                                 # a master and two minions on loopback",
                "  brine master -c master.yaml               # run a master in the foreground",
                "  brine key accept web1                      # accept a minion's key",
                "  brine run 'web*' cmd.run 'uptime'          # run a command on matching minions",
                "  brine call --local state.apply             # apply this machine's states, no master"})
final class BrineCommand implements Runnable {
    /**
     * The subcommands, in the order 'brine --help' lists them. They are not in the annotation because picocli
     * builds the model of every listed subcommand, by reflection, before it parses anything: a third of a
     * second of every 'brine run' went into commands it was not running (see {@link #commandLine}).
     */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The command line for {@code args}: when the first word names a subcommand, only that one is built
     * (parsing, help and errors below it are the same either way); otherwise all of them, for the top-level
     * help and for picocli's "did you mean" on a misspelt name.
     */
    static CommandLine commandLine(String... args) {
        return commandLine(null, args);
    }

    /** The same, its {@code -c/--config} options taking {@code early} (or none, when null) if it is theirs. */
    static CommandLine commandLine(EarlySession early, String... args) {
        CommandLine root = new CommandLine(new BrineCommand(), new Factory(early));
        Class<?> only = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
        if (only != null) {
            root.addSubcommand(args[0], only);
        } else {
            SUBCOMMANDS.forEach(root::addSubcommand);
        }
        return root;
    }

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("master", MasterCommand.class);
        m.put("minion", MinionCommand.class);
        m.put("key", KeyCommand.class);
        m.put("run", RunCommand.class);
        m.put("call", CallCommand.class);
        m.put("cp", CpCommand.class);
        m.put("ssh", SshCommand.class);
        m.put("state", StateCommand.class);
        m.put("event", EventCommand.class);
        m.put("events", EventsCommand.class);
        m.put("job", JobCommand.class);
        m.put("manage", ManageCommand.class);
        m.put("token", TokenCommand.class);
        m.put("release", ReleaseCommand.class);
        m.put("orchestrate", OrchestrateCommand.class);
        m.put("update", UpdateCommand.class);
        m.put("client", ClientCommand.class);
        m.put("doctor", DoctorCommand.class);
        m.put("demo", DemoCommand.class);
        m.put("bench", BenchCommand.class);
        return m;
    }

    /** Picocli's own factory, but for the master's configuration option, which is given the early session. */
    private record Factory(EarlySession early) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            if (cls == MasterConfigOption.class) {
                return cls.cast(new MasterConfigOption(early));
            }
            return CommandLine.defaultFactory().create(cls);
        }
    }

    static final class Version implements picocli.CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"brine " + BrineVersion.CURRENT};
        }
    }
}
