package io.brine.cli;

import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Start a master and two minions on loopback, with real keys, accept them, and run real "
                + "jobs through the real CLI, printing each step as an operator would see it.",
        footer = {"", "Example:", "  brine demo --dir /tmp/brine-demo     # keep the configs and keys to explore"})
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--dir", description = "work directory (default: a new temporary directory)")
    Path dir;

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws Exception {
        Logging.configure("warning");
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("brine-demo-");
        int port = freePort();
        Path masterYaml = writeMasterConfig(work, port);
        say("Brine demo in " + work + " — master on 127.0.0.1:" + port);
        int failures = 0;
        try (DemoCluster cluster = DemoCluster.start(masterYaml, work, port, List.of("web1", "db1"))) {
            say("master fingerprint " + cluster.master.fingerprint());
            say("minions web1 and db1 started with their own keys; the master holds them as pending");
            cluster.awaitStatus(KeyStatus.PENDING);
            failures += brine("key", "list", "-c", masterYaml.toString());
            failures += brine("key", "accept", "--all", "-c", masterYaml.toString());
            cluster.awaitStatus(KeyStatus.ACCEPTED);
            failures += brine("run", "-c", masterYaml.toString(), "*", "test.ping");
            failures += brine("run", "-c", masterYaml.toString(), "web1", "cmd.run", "echo hello from $(hostname)");
            failures += brine("run", "-c", masterYaml.toString(), "-L", "web1,db1", "grains.get", "os_family");
            say("an unknown function is a failed return, not a crash (exit code 1 expected):");
            brine("run", "-c", masterYaml.toString(), "db1", "no.such_function");
            say("the example web server state tree (examples/states), planned in test mode: nothing changes");
            failures += brine("state", "apply", "-c", masterYaml.toString(), "--test", "web1", "webserver");
            String jid = cast(masterYaml, "--async", "*", "test.sleep", "1");
            Thread.sleep(1500);
            failures += brine("job", "show", "-c", masterYaml.toString(), jid);
            failures += brine("job", "list", "-c", masterYaml.toString(), "--limit", "5");
        }
        say(failures == 0 ? "Demo finished: every step succeeded." : "Demo finished with " + failures + " failed steps.");
        return failures == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private int brine(String... args) {
        out.println();
        out.println("$ brine " + String.join(" ", quoteAll(args)));
        int code = Main.run(args);
        return code == 0 ? 0 : 1;
    }

    private String cast(Path masterYaml, String... words) {
        List<String> args = new ArrayList<>(List.of("run", "-c", masterYaml.toString()));
        args.addAll(List.of(words));
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        PrintStream old = System.out;
        System.setOut(new PrintStream(captured, true));
        try {
            out.println();
            out.println("$ brine " + String.join(" ", quoteAll(args.toArray(String[]::new))));
            Main.run(args.toArray(String[]::new));
        } finally {
            System.setOut(old);
        }
        String text = captured.toString();
        out.print(text);
        Matcher m = Pattern.compile("([0-9]{20})").matcher(text);
        if (!m.find()) {
            throw new CliException(ExitCodes.FAILED, "the cast printed no jid");
        }
        return m.group(1);
    }

    private void say(String line) {
        out.println("== " + line);
    }

    private static List<String> quoteAll(String[] args) {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            out.add(a.matches("[A-Za-z0-9_./,:=@%+-]+") ? a : "'" + a + "'");
        }
        return out;
    }

    private static final List<String> EXAMPLE_FILES = List.of("states/top.sls", "states/webserver/init.sls",
            "states/webserver/site.conf.j2", "pillar/top.sls", "pillar/webserver.sls");

    private static Path writeMasterConfig(Path work, int port) throws IOException {
        for (String name : EXAMPLE_FILES) {
            Path target = work.resolve(name);
            Files.createDirectories(target.getParent());
            try (var in = DemoCommand.class.getResourceAsStream("/demo/" + name)) {
                if (in == null) {
                    throw new IOException("the example tree is missing from this build: " + name);
                }
                Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return Files.writeString(work.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + work.resolve("master/pki") + "\ncachedir: " + work.resolve("master/cache")
                + "\ntimeout: 30\nfile_roots:\n  base:\n    - " + work.resolve("states") + "\npillar_roots:\n  base:\n    - "
                + work.resolve("pillar") + "\n");
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * The demo's master and minions, all in this process, each with its own keys and directories; the minions
     * share one runtime (one dealer thread), as a process hosting many minions should.
     */
    static final class DemoCluster implements AutoCloseable {
        final io.brine.master.Master master;
        final List<Minion> minions = new ArrayList<>();
        private final io.brine.minion.MinionRuntime minionRuntime = new io.brine.minion.MinionRuntime("demo");

        private DemoCluster(io.brine.master.Master master) {
            this.master = master;
        }

        static DemoCluster start(Path masterYaml, Path work, int port, List<String> ids) throws Exception {
            DemoCluster c = new DemoCluster(io.brine.master.Master.start(io.brine.master.MasterConfig.load(masterYaml)));
            for (String id : ids) {
                Path yaml = Files.writeString(work.resolve(id + ".yaml"), "id: " + id + "\nmaster: 127.0.0.1\n"
                        + "master_port: " + port + "\nmaster_finger: '" + c.master.fingerprint() + "'\npki_dir: "
                        + work.resolve(id + "/pki") + "\ncachedir: " + work.resolve(id + "/cache") + "\n");
                c.minions.add(Minion.start(MinionConfig.load(yaml), io.brine.functions.FunctionRegistry.installed(),
                        c.minionRuntime));
            }
            return c;
        }

        void awaitStatus(KeyStatus wanted) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            for (Minion m : minions) {
                while (m.status() != wanted && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                if (m.status() != wanted) {
                    throw new CliException(ExitCodes.FAILED, "minion " + m.id() + " is " + m.status() + ", not " + wanted);
                }
            }
        }

        @Override
        public void close() {
            minions.forEach(Minion::close);
            minionRuntime.close();
            master.close();
        }
    }
}
