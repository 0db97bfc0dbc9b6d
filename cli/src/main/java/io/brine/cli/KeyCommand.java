package io.brine.cli;

import io.brine.client.ClientKey;
import io.brine.config.MasterEndpoint;
import io.brine.master.KeyList;
import io.brine.master.MasterConfig;
import io.brine.master.MasterKeys;
import io.brine.protocol.MinionId;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "key", mixinStandardHelpOptions = true,
        description = "Manage minion keys: list, accept, reject, delete, show fingerprints, pre-generate.",
        subcommands = {KeyCommand.ListKeys.class, KeyCommand.Accept.class, KeyCommand.Reject.class,
                KeyCommand.Delete.class, KeyCommand.Finger.class, KeyCommand.Gen.class},
        footer = {"", "Examples:", "  brine key list", "  brine key accept web1 web2", "  brine key accept --all",
                "  brine key gen --id vm42 --out /tmp/keys && brine key accept vm42 --pub /tmp/keys/vm42.pub",
                "  brine key finger                       # the master's fingerprint, for master_finger"})
final class KeyCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Shared by the subcommands that read or change the master's key directories. */
    abstract static class KeyAction implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Option(names = "--out", defaultValue = "text", description = "text, json or yaml")
        String out;

        @Spec
        CommandSpec spec;

        MasterConfig cfg;
        MasterKeys keys;
        /** Set for a named operator ({@code --client-key}): the master does the work, if its ACL grants {@code @keys}. */
        ClientKey remote;

        @Override
        public final Integer call() throws Exception {
            Logging.configure("warning");
            OutputFormat.check(out);
            cfg = config.load();
            ClientKey who = config.identity(cfg);
            io.brine.master.ClusterDatabase cluster = null;
            if (!who.name().equals(io.brine.master.Master.LOCAL_CLIENT)) {
                remote = who;
            } else {
                PkiAccess.require(cfg.pkiDir(), config.file);
                if (cfg.cluster() != null) {
                    // a cluster's keys are in its database: changed here, every master hears of it
                    cluster = io.brine.master.ClusterDatabase.open(cfg.cluster());
                    keys = MasterKeys.inCluster(cluster);
                } else {
                    keys = MasterKeys.inDirectory(cfg.pkiDir());
                }
            }
            try {
                return act(spec.commandLine().getOut());
            } finally {
                if (cluster != null) {
                    cluster.close();
                }
            }
        }

        abstract int act(PrintWriter stdout) throws Exception;

        /** Asks the master to carry out a key action for the named operator; Refused exits 2. */
        Map<String, List<String>> viaMaster(String action, List<String> ids) throws InterruptedException {
            return config.ask(master -> master.keys(action, ids));
        }

        /** Applies {@code action} here, or has the master do it for a named operator; then reports. */
        int change(PrintWriter stdout, String verb, String action, List<String> ids,
                java.util.function.Predicate<String> local) throws InterruptedException {
            if (remote != null) {
                Map<String, List<String>> done = viaMaster(action, ids);
                return report(stdout, verb, done.getOrDefault(verb, List.of()),
                        done.getOrDefault("not_found", List.of()), false);
            }
            return each(stdout, verb, ids, local);
        }

        /**
         * Tells a running master what changed, so a revoked minion is cut off at once and the change is announced
         * and audited as the local operator's.
         */
        void notifyMaster(String verb, List<String> ids) {
            MasterNotifier.keysChanged(cfg, ids.stream().map(id -> id + "/" + verb).toList());
        }

        /** Applies {@code action} to each id and reports which had a key to act on. */
        int each(PrintWriter stdout, String verb, List<String> ids, java.util.function.Predicate<String> action) {
            List<String> done = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            ids.forEach(id -> (action.test(id) ? done : missing).add(id));
            return report(stdout, verb, done, missing, true);
        }

        int report(PrintWriter stdout, String verb, List<String> ids, List<String> unknown, boolean changedHere) {
            if (out.equals("text")) {
                ids.forEach(id -> stdout.println("Key for minion " + id + " " + verb + "."));
                unknown.forEach(id -> spec.commandLine().getErr().println("No key for '" + id + "' to be " + verb + "."));
            } else {
                stdout.print(OutputFormat.render(Map.of(verb, ids, "not_found", unknown), out));
            }
            stdout.flush();
            if (!ids.isEmpty() && changedHere) {
                notifyMaster(verb, ids);
            }
            return unknown.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List keys by status.")
    static final class ListKeys extends KeyAction {
        @Override
        int act(PrintWriter stdout) throws InterruptedException {
            KeyList all;
            if (remote != null) {
                Map<String, List<String>> byStatus = viaMaster("list", List.of());
                all = new KeyList(byStatus.getOrDefault("accepted", List.of()),
                        byStatus.getOrDefault("pending", List.of()), byStatus.getOrDefault("rejected", List.of()),
                        byStatus.getOrDefault("denied", List.of()));
            } else {
                all = keys.list();
            }
            if (out.equals("text")) {
                print(stdout, "Accepted Keys:", all.accepted());
                print(stdout, "Denied Keys:", all.denied());
                print(stdout, "Unaccepted Keys:", all.pending());
                print(stdout, "Rejected Keys:", all.rejected());
            } else {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("accepted", all.accepted());
                doc.put("pending", all.pending());
                doc.put("rejected", all.rejected());
                doc.put("denied", all.denied());
                // what carries each connected minion's session, when the master is running to say
                doc.put("transports", transports());
                stdout.print(OutputFormat.render(doc, out));
            }
            stdout.flush();
            return ExitCodes.OK;
        }

        /**
         * {@code {id: "zmq" | "https"}} for the minions connected to the running master, asked of it (a named
         * operator through its own session; the local one after a quick probe, so a master that is down costs no
         * wait); empty when no master answers. The text output stays salt-key's.
         */
        private Map<String, String> transports() throws InterruptedException {
            List<io.brine.jobs.MinionStatus> status;
            if (remote != null) {
                status = config.ask(io.brine.client.BrineClient::minions);
            } else {
                status = MasterNotifier.ask(cfg, io.brine.client.BrineClient::minions).orElse(List.of());
            }
            Map<String, String> out = new java.util.TreeMap<>();
            status.forEach(m -> m.transport().ifPresent(t -> out.put(m.id(), t)));
            return out;
        }

        private static void print(PrintWriter out, String title, List<String> ids) {
            out.println(title);
            ids.forEach(out::println);
        }
    }

    @Command(name = "accept", mixinStandardHelpOptions = true,
            description = "Accept pending keys, or pre-seed a minion's public key as accepted (--pub).")
    static final class Accept extends KeyAction {
        @Parameters(paramLabel = "ID", arity = "0..*")
        List<String> ids = new ArrayList<>();

        @Option(names = {"-A", "--all"}, description = "accept every pending key")
        boolean all;

        @Option(names = "--pub", paramLabel = "FILE", description = "pre-seed: accept this public key for the one ID")
        Path pub;

        @Override
        int act(PrintWriter stdout) throws IOException, InterruptedException {
            if (all == !ids.isEmpty()) {
                throw CliException.usage("name the minion ids to accept, or use --all");
            }
            if (remote != null && pub != null) {
                throw CliException.usage("--pub pre-seeds in the master's pki_dir: only its local operator can");
            }
            if (remote != null && all) {
                Map<String, List<String>> done = viaMaster("accept-all", List.of());
                return report(stdout, "accepted", done.getOrDefault("accepted", List.of()), List.of(), false);
            }
            if (pub != null) {
                if (ids.size() != 1) {
                    throw CliException.usage("--pub pre-seeds exactly one minion id");
                }
                keys.preseed(ids.get(0), KeyFiles.readPublicKey(pub));
                return report(stdout, "accepted", ids, List.of(), true);
            }
            if (all) {
                return report(stdout, "accepted", keys.acceptAll(), List.of(), true);
            }
            return change(stdout, "accepted", "accept", ids, id -> keys.accept(id));
        }
    }

    @Command(name = "reject", mixinStandardHelpOptions = true, description = "Reject pending or accepted keys.")
    static final class Reject extends KeyAction {
        @Parameters(paramLabel = "ID", arity = "1..*")
        List<String> ids;

        @Override
        int act(PrintWriter stdout) throws InterruptedException {
            return change(stdout, "rejected", "reject", ids, id -> keys.reject(id));
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete keys; their minions are cut off.")
    static final class Delete extends KeyAction {
        @Parameters(paramLabel = "ID", arity = "1..*")
        List<String> ids;

        @Override
        int act(PrintWriter stdout) throws InterruptedException {
            return change(stdout, "deleted", "delete", ids, id -> keys.delete(id));
        }
    }

    @Command(name = "finger", mixinStandardHelpOptions = true,
            description = "Print a key's fingerprint; without ID, the master's own, as master_finger takes it "
                    + "(waiting up to --wait seconds for a master that is starting to write it).")
    static final class Finger extends KeyAction {
        @Parameters(paramLabel = "ID", arity = "0..1")
        String id;

        @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "10",
                description = "how long to wait for the master's key to appear "
                        + "(default: ${DEFAULT-VALUE}; 0: not at all)")
        int waitSeconds;

        @Override
        int act(PrintWriter stdout) throws IOException, InterruptedException {
            String name = id == null ? "master" : id;
            String finger;
            if (id == null) {
                Path pub = MasterEndpoint.masterPublicKey(cfg.pkiDir());
                if (!awaitFile(pub)) {
                    throw CliException.usage("no master key at " + pub + " after " + waitSeconds
                            + " s: start the master once first");
                }
                finger = Fingerprint.of(KeyFiles.readPublicKey(pub));
            } else {
                finger = (keys != null ? keys : MasterKeys.inDirectory(cfg.pkiDir())).fingerprint(id).orElseThrow(
                        () -> new CliException(ExitCodes.FAILED, "no key for minion '" + id + "'"));
            }
            stdout.print(out.equals("text") ? finger + "\n" : OutputFormat.render(Map.of(name, finger), out));
            stdout.flush();
            return ExitCodes.OK;
        }

        /**
         * Right after {@code brine master &} the key is not written yet (the JVM starts, the config is checked,
         * then the key is made): wait for it rather than fail the README's tour. The master writes it atomically,
         * so once it exists it is whole.
         */
        private boolean awaitFile(Path pub) throws InterruptedException {
            if (waitSeconds < 0 || waitSeconds > 600) {
                throw CliException.usage("--wait must be from 0 to 600 seconds, not " + waitSeconds);
            }
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(waitSeconds);
            while (!Files.exists(pub)) {
                if (System.nanoTime() >= deadline) {
                    return false;
                }
                Thread.sleep(100);
            }
            return true;
        }
    }

    @Command(name = "gen", mixinStandardHelpOptions = true,
            description = "Generate a minion key pair ahead of time: DIR/ID.pem (private, 0600), DIR/ID.pub, and "
                    + "DIR/ID.yaml, the start of the minion's config with its id and this master's master_finger.",
            footer = {"", "Copy ID.pem to the minion's pki_dir as minion.pem; accept ID.pub with 'brine key accept ID --pub'.",
                "Prints the new key's fingerprint."})
    static final class Gen implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Option(names = "--id", required = true, description = "the minion id")
        String id;

        @Option(names = "--out", required = true, paramLabel = "DIR", description = "directory for the key files")
        Path dir;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            MinionId.requireValid(id);
            Path priv = dir.resolve(id + ".pem");
            if (Files.exists(priv)) {
                throw CliException.usage(priv + " exists already; not overwriting a key");
            }
            StaticKeyPair pair = StaticKeyPair.generate();
            KeyFiles.writePrivateKey(priv, pair);
            KeyFiles.writePublicKey(dir.resolve(id + ".pub"), pair.publicKey());
            writeMinionConfig();
            spec.commandLine().getOut().println(Fingerprint.of(pair.publicKey()));
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }

        /**
         * The guest's config starts with the master it must trust: a pre-seeded minion that pinned whichever master
         * answered first could be taken over by anyone who answered sooner.
         */
        private void writeMinionConfig() throws IOException {
            PrintWriter err = spec.commandLine().getErr();
            String finger = null;
            if (Files.exists(config.file)) {
                Path pub = MasterEndpoint.masterPublicKey(config.load().pkiDir());
                if (Files.exists(pub)) {
                    finger = Fingerprint.of(KeyFiles.readPublicKey(pub));
                }
            }
            Path yaml = dir.resolve(id + ".yaml");
            Files.writeString(yaml, "# the start of minion " + id + "'s config, by 'brine key gen'; add master: and the"
                    + " rest\nid: " + id + "\n" + (finger == null ? "" : "master_finger: '" + finger + "'\n"));
            if (finger == null) {
                err.println("warning: no master key found through " + config.file + "; " + yaml
                        + " has no master_finger: add it (from 'brine key finger' on the master) before the minion starts");
            }
            err.flush();
        }
    }
}
