package io.brine.cli;

import io.brine.config.MasterEndpoint;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.master.OperatorAudit;
import io.brine.protocol.MinionId;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "client", mixinStandardHelpOptions = true,
        description = "Manage the keys of named operators, whom publisher_acl grants what they may run.",
        subcommands = {ClientCommand.Create.class, ClientCommand.ListClients.class, ClientCommand.Delete.class},
        footer = {"", "Examples:", "  brine client create alice --out /home/alice/.brine   # then grant 'alice' in publisher_acl",
                "  brine run --client-key /home/alice/.brine/alice.pem 'web*' test.ping   # as alice",
                "  brine client delete alice                            # her open sessions end within a second"})
final class ClientCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The master's directory of authorised client keys. */
    static Path clients(MasterConfig cfg) {
        return cfg.pkiDir().resolve("clients");
    }

    /** Audits a change the local operator made in the master's directories (clients, tokens). */
    static void audit(MasterConfig cfg, String action, Map<String, Object> fields, PrintWriter err) {
        try (OperatorAudit audit = OperatorAudit.open(cfg, System.getProperty("user.name"))) {
            audit.record(action, fields);
        } catch (IOException e) {
            err.println("warning: cannot write the audit log " + cfg.auditLog() + ": " + e.getMessage());
        }
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Make a key pair for operator NAME: DIR/NAME.pem (private, 0600) and DIR/master.pub for "
                    + "them; the public half is authorised as pki_dir/clients/NAME.")
    static final class Create implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Parameters(paramLabel = "NAME", description = "the operator's name, as publisher_acl lists it")
        String name;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "where the operator's files go")
        Path dir;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Logging.configure("warning");
            if (!MinionId.isValid(name) || Master.RESERVED_NAMES.contains(name)) {
                throw CliException.usage("'" + name + "' cannot name a client: use letters, digits, '.', '_', '-' "
                        + "(and not " + String.join(", ", new java.util.TreeSet<>(Master.RESERVED_NAMES)) + ")");
            }
            MasterConfig cfg = config.load();
            Path authorised = clients(cfg).resolve(name);
            Path priv = dir.resolve(name + ".pem");
            if (Files.exists(authorised)) {
                throw CliException.usage("a client named '" + name + "' exists already; delete it first");
            }
            if (Files.exists(priv)) {
                throw CliException.usage(priv + " exists already; not overwriting a key");
            }
            Path masterPub = MasterEndpoint.masterPublicKey(cfg.pkiDir());
            if (!Files.exists(masterPub)) {
                throw CliException.usage("no master key at " + masterPub + ": start the master once first");
            }
            StaticKeyPair pair = StaticKeyPair.generate();
            Files.createDirectories(dir);
            KeyFiles.writePrivateKey(priv, pair);
            Files.copy(masterPub, dir.resolve("master.pub"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.createDirectories(authorised.getParent());
            KeyFiles.writePublicKey(authorised, pair.publicKey());
            audit(cfg, "client.create", Map.of("client", name, "outcome", "created"), spec.commandLine().getErr());
            PrintWriter out = spec.commandLine().getOut();
            out.println(Fingerprint.of(pair.publicKey()));
            out.flush();
            PrintWriter err = spec.commandLine().getErr();
            err.println("created " + priv + " for '" + name + "'; they act with --client-key " + priv
                    + " (or BRINE_CLIENT_KEY); grant them in publisher_acl, or they may do nothing");
            err.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the authorised client keys.")
    static final class ListClients implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Logging.configure("warning");
            Path dir = clients(config.load());
            List<String> names = new ArrayList<>();
            if (Files.isDirectory(dir)) {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                    files.forEach(f -> names.add(f.getFileName().toString()));
                }
            }
            names.sort(null);
            PrintWriter out = spec.commandLine().getOut();
            for (String n : names) {
                out.println(n + "  " + Fingerprint.of(KeyFiles.readPublicKey(dir.resolve(n))));
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true,
            description = "Remove operator NAME's key; their open sessions end within a second.")
    static final class Delete implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Parameters(paramLabel = "NAME")
        String name;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Logging.configure("warning");
            if (!MinionId.isValid(name) || name.equals(Master.LOCAL_CLIENT)) {
                throw CliException.usage("'" + name + "' is not a named client");
            }
            MasterConfig cfg = config.load();
            if (!Files.deleteIfExists(clients(cfg).resolve(name))) {
                throw new CliException(ExitCodes.FAILED, "no client named '" + name + "'");
            }
            audit(cfg, "client.delete", Map.of("client", name, "outcome", "deleted"), spec.commandLine().getErr());
            spec.commandLine().getOut().println("Client " + name + " deleted.");
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }
}
