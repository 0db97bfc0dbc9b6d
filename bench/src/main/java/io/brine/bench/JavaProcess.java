package io.brine.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child JVM of the benchmark (a swarm part, a {@code brine} daemon, a CLI run) and what the benchmark reads
 * from it: a line on its output, its resident set, its live heap.
 */
final class JavaProcess implements AutoCloseable {
    private final Process process;
    private final BufferedReader stdout;

    private JavaProcess(Process process) {
        this.process = process;
        this.stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** {@code java OPTIONS ARGS...}, its standard error appended to {@code log}. */
    static JavaProcess start(List<String> jvmOptions, List<String> args, Path log) throws IOException {
        return run(command(jvmOptions, args), log);
    }

    /** A command that runs a JVM (such as the {@code brine} launcher), its standard error appended to {@code log}. */
    static JavaProcess run(List<String> command, Path log) throws IOException {
        return run(command, log, java.util.Map.of());
    }

    /** Like {@link #run(List, Path)}, with these variables set in the child's environment. */
    static JavaProcess run(List<String> command, Path log, java.util.Map<String, String> environment)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(environment);
        pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        return new JavaProcess(pb.start());
    }

    /**
     * Like {@link #start}, at the lowest scheduling priority ({@code nice -n 19}) where {@code nice} exists. At 10,
     * the 10,000-minion restart storm took 60-97 s in four runs on a loaded machine, its router thread getting a
     * fifth of a core while up to 1,500 connections waited to be accepted; at 19, 46-47 s, one handshake a minion
     * and no session expired.
     */
    static JavaProcess startNiced(List<String> jvmOptions, List<String> args, Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/nice"))) {
            cmd.addAll(List.of("/usr/bin/nice", "-n", "19"));
        }
        cmd.addAll(command(jvmOptions, args));
        return run(cmd, log);
    }

    /**
     * {@code command} run in a session of its own ({@code setsid}, where it exists), as a command typed at an
     * operator's shell is: a login or SSH session is a session of its own, and Linux shares the processors
     * between sessions first (the scheduler's autogroups; systemd's slices do the same between a daemon's service
     * and a user's session), then between the threads inside each. Started as a child of the benchmark, a
     * {@code brine run} would instead compete thread for thread with the master and the swarm it measures.
     */
    static List<String> inOwnSession(List<String> command) {
        if (!Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            return command;
        }
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/setsid", "--wait"));
        cmd.addAll(command);
        return cmd;
    }

    static List<String> command(List<String> jvmOptions, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(args);
        return cmd;
    }

    /**
     * The JVM's process: the launcher execs it, except in a run that makes a class-data archive or list, where
     * the launcher waits for it as its child.
     */
    long pid() {
        return process.toHandle().children()
                .filter(c -> c.info().command().map(cmd -> cmd.endsWith("/java")).orElse(false))
                .findFirst().map(ProcessHandle::pid).orElse(process.pid());
    }

    /** Reads output lines until one starts with {@code prefix}; fails if the process ends first. */
    String awaitLine(String prefix) throws IOException {
        String line;
        while ((line = stdout.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new IOException("child process " + pid() + " ended (exit " + exitCode() + ") before printing '"
                + prefix + "'");
    }

    /** Reads the rest of the child's output, until it closes it (it ends, usually). */
    String remainingOutput() throws IOException {
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = stdout.readLine()) != null) {
            out.append(line).append('\n');
        }
        return out.toString();
    }

    private String exitCode() {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(process.exitValue()) : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** Drains the child's output on a daemon thread, for children that may print more than a pipe holds. */
    void discardOutput() {
        Thread drain = new Thread(() -> {
            try {
                process.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            } catch (IOException e) {
                // the child ended
            }
        }, "bench-drain-" + pid());
        drain.setDaemon(true);
        drain.start();
    }

    /** CPU time the process has used so far (user and system), in seconds, from /proc. */
    double cpuSeconds() throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid()), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // utime and stime, fields 14 and 15 of proc(5), in clock ticks: 100 a second on Linux (USER_HZ)
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
    }

    /** Resident set size in MiB, from /proc. */
    double rssMib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
        }
        throw new IOException("no VmRSS for process " + pid());
    }

    /**
     * Heap in use right after a full collection, in KiB: what the process really holds on to. Read with jcmd,
     * which (unlike jstat) works when the JVM runs with -XX:-UsePerfData.
     */
    double liveHeapKib() throws IOException, InterruptedException {
        run(List.of("jcmd", Long.toString(pid()), "GC.run"));
        return usedHeapKib();
    }

    /** Heap in use now, garbage included, in KiB. */
    double usedHeapKib() throws IOException, InterruptedException {
        double used = 0;
        for (String line : run(List.of("jcmd", Long.toString(pid()), "GC.heap_info"))) {
            Matcher m = HEAP_USED.matcher(line);
            if (m.find()) {
                used += Double.parseDouble(m.group(1));
            }
        }
        return used;
    }

    /** "garbage-first heap total 262144K, used 9012K" (G1), "def new generation ..." and "tenured ..." (Serial). */
    private static final Pattern HEAP_USED = Pattern.compile("(?:heap|generation)\\s+total \\d+K, used (\\d+)K");

    private static List<String> run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                lines.add(line);
            }
        }
        if (p.waitFor() != 0 || lines.size() < 1) {
            throw new IOException(String.join(" ", command) + " failed: " + String.join("\n", lines));
        }
        return lines;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits for a process that is expected to end by itself; returns its exit code, or -1 on timeout. */
    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            return -1;
        }
        return process.exitValue();
    }

    /** Asks the child to stop: closes its input, then SIGTERM, then SIGKILL. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    kill();
                }
            }
        } catch (IOException e) {
            kill();
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
        }
    }

    /** Like {@link #close} but without waiting for stdin to matter: for daemons that ignore their input. */
    void terminate() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
        }
    }

    /** The process and its children: a launcher that waits for its JVM would otherwise leave it running. */
    private void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
