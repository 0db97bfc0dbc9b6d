package io.brine.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A network namespace of a test's own, joined to the host by a veth pair on a random /30, deleted on close
 * (its end of the pair goes with it, and so the pair). Faults are made here: the link taken down, or the
 * namespace's traffic dropped by nftables, all of it or a random share. Needs root.
 */
final class NetNamespace implements AutoCloseable {
    /** Distinct subnets for the namespaces one JVM holds at once (a test may hold several); random across JVMs. */
    private static final AtomicInteger NEXT_SUBNET =
            new AtomicInteger(ThreadLocalRandom.current().nextInt(256));
    final String name;
    final String hostIp;
    final String innerIp;
    private final String hostSide;

    private NetNamespace(String tag, int subnet) {
        this.name = "brn" + tag;
        this.hostSide = "vb" + tag;
        this.hostIp = "10.213." + subnet + ".1";
        this.innerIp = "10.213." + subnet + ".2";
    }

    static boolean available() {
        return ProcessHandle.current().info().user().map("root"::equals).orElse(false);
    }

    static boolean nftablesAvailable() {
        return available() && new java.io.File("/usr/sbin/nft").canExecute();
    }

    static NetNamespace create() throws Exception {
        String tag = Integer.toString(ThreadLocalRandom.current().nextInt(1 << 24), 36);
        NetNamespace ns = new NetNamespace(tag, NEXT_SUBNET.getAndIncrement() & 0xff);
        String inner = "vm" + tag;
        exec("ip", "netns", "add", ns.name);
        try {
            exec("ip", "link", "add", ns.hostSide, "type", "veth", "peer", "name", inner);
            exec("ip", "link", "set", inner, "netns", ns.name);
            exec("ip", "addr", "add", ns.hostIp + "/30", "dev", ns.hostSide);
            exec("ip", "link", "set", ns.hostSide, "up");
            ns.inside("ip", "addr", "add", ns.innerIp + "/30", "dev", inner);
            ns.inside("ip", "link", "set", inner, "up");
            ns.inside("ip", "link", "set", "lo", "up");
        } catch (Exception | AssertionError e) {
            ns.close();
            throw e;
        }
        return ns;
    }

    /** The command line that runs {@code command} inside the namespace. */
    List<String> command(String... command) {
        List<String> all = new ArrayList<>(List.of("ip", "netns", "exec", name));
        all.addAll(List.of(command));
        return all;
    }

    void linkDown() throws Exception {
        exec("ip", "link", "set", hostSide, "down");
    }

    void linkUp() throws Exception {
        exec("ip", "link", "set", hostSide, "up");
    }

    /** Drops every packet in and out of the namespace until {@link #clearDrops}. */
    void dropAll() throws Exception {
        drop("");
    }

    /** Drops a random {@code percent} of the packets in and out of the namespace's veth, each way. */
    void dropRandomly(int percent) throws Exception {
        drop("numgen random mod 100 < " + percent + " ");
    }

    void clearDrops() throws Exception {
        inside("nft", "delete", "table", "inet", "brinefault");
    }

    private void drop(String condition) throws Exception {
        inside("nft", "add", "table", "inet", "brinefault");
        for (String hook : List.of("input", "output")) {
            inside("nft", "add", "chain", "inet", "brinefault", hook,
                    "{ type filter hook " + hook + " priority 0; policy accept; }");
            String dev = hook.equals("input") ? "iifname" : "oifname";
            inside("nft", "add", "rule", "inet", "brinefault", hook, dev, "!=", "lo",
                    condition.isEmpty() ? "drop" : condition + "drop");
        }
    }

    private void inside(String... command) throws Exception {
        exec(command(command).toArray(String[]::new));
    }

    @Override
    public void close() throws Exception {
        run("ip", "netns", "del", name);
    }

    private static void exec(String... command) throws Exception {
        int rc = run(command);
        if (rc != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + rc);
        }
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(
                ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
