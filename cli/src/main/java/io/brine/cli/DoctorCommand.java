package io.brine.cli;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import io.brine.config.Finding;
import io.brine.master.MasterConfig;
import io.brine.minion.MinionConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Check a master's or a minion's setup, one line per check: 'ok   CHECK: detail', "
                + "'warn CHECK: detail' or 'FAIL CHECK: detail'. Exits 1 if any check fails, 0 otherwise.",
        footer = {"", "Run it as the daemon's user. The role is read from --role, else from the keys the file sets, "
                + "else from its name.", "", "Examples:", "  brine doctor                          "
                + "# /etc/brine/master.yaml, else /etc/brine/minion.yaml", "  sudo -u brine brine doctor -c "
                + "/etc/brine/master.yaml", "  brine doctor -c /etc/brine/minion.yaml"})
final class DoctorCommand implements Callable<Integer> {
    static final Path MASTER_DEFAULT = Path.of("/etc/brine/master.yaml");
    static final Path MINION_DEFAULT = Path.of(MinionCommand.DEFAULT_CONFIG);

    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "the master's or minion's configuration (default: " + "/etc/brine/master.yaml if it "
                    + "exists, else /etc/brine/minion.yaml)")
    Path file;

    @Option(names = "--role", paramLabel = "ROLE", description = "master or minion (default: guessed)")
    String role;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Logging.configure("off"); // the probe's refusal of the master is the doctor's doing, not worth a log line
        if (role != null && !role.equals("master") && !role.equals("minion")) {
            throw CliException.usage("--role is master or minion, not '" + role + "'");
        }
        Path config = file != null ? file : Files.exists(MASTER_DEFAULT) ? MASTER_DEFAULT : MINION_DEFAULT;
        PrintWriter out = spec.commandLine().getOut();
        List<DoctorLine> lines;
        try {
            ConfigFile c = ConfigFile.load(config);
            lines = role(c, config).equals("master") ? MasterDoctor.run(c) : MinionDoctor.run(c);
        } catch (ConfigException e) {
            lines = List.of(new DoctorLine("config", Finding.fail(e.getMessage())));
        }
        lines.forEach(l -> out.println(l.text()));
        out.flush();
        return lines.stream().anyMatch(l -> l.finding().failed()) ? ExitCodes.FAILED : ExitCodes.OK;
    }

    /** --role, else the keys only one of the two configurations has, else the file's name. */
    private String role(ConfigFile c, Path config) {
        if (role != null) {
            return role;
        }
        Set<String> masterOnly = new HashSet<>(MasterConfig.KEYS);
        masterOnly.removeAll(MinionConfig.KEYS);
        Set<String> minionOnly = new HashSet<>(MinionConfig.KEYS);
        minionOnly.removeAll(MasterConfig.KEYS);
        boolean master = c.keys().stream().anyMatch(masterOnly::contains);
        boolean minion = c.keys().stream().anyMatch(minionOnly::contains);
        if (master != minion) {
            return master ? "master" : "minion";
        }
        String name = config.getFileName().toString();
        if (!master && name.contains("minion") != name.contains("master")) {
            return name.contains("minion") ? "minion" : "master";
        }
        throw CliException.usage("cannot tell whether " + config + " is a master's or a minion's configuration"
                + (master ? " (it has keys of both)" : "") + ": give --role master or --role minion");
    }
}
