package io.brine.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Debian packages as an operator meets them, on this disposable machine (root only): {@code dpkg -i} both,
 * the files with their owners and modes, the master and a minion started by running each unit's
 * {@code ExecStart} as written under its {@code User=} (no systemd here), the minion's key accepted and
 * {@code test.ping} run with the installed {@code /usr/bin/brine}, the minion restarted twice (its launcher's
 * class-data archive made, mapped, then corrupted), then remove (keys stay) and purge (nothing of ours stays). Runs in {@code verify}, after {@code package} made the .deb files.
 */
class PackagesIT {
    private static final Path UNITS = Path.of("/lib/systemd/system");
    private static final Path BRINE = Path.of("/usr/bin/brine");
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void cleanUp() throws Exception {
        for (Process p : started) {
            p.destroy();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
        if (root() && (installed("brine-master") || installed("brine-minion"))) {
            run(List.of("dpkg", "--purge", "brine-minion", "brine-master"), Duration.ofMinutes(2));
        }
    }

    @Test
    void installRunAcceptPingRemoveAndPurge() throws Exception {
        assumeTrue(root(), "installs Debian packages: root only");
        assumeTrue(new File("/usr/bin/dpkg").canExecute(), "needs dpkg");
        assumeTrue(!installed("brine-master") && !installed("brine-minion"),
                "brine packages are installed on this machine already; not touching them");
        assumeTrue(!Files.exists(Path.of("/etc/brine")) && !Files.exists(Path.of("/var/cache/brine")),
                "this machine has a Brine set up by hand in /etc/brine or /var/cache/brine; not touching it");
        Path master = newest("brine-master_");
        Path minion = newest("brine-minion_");
        System.out.println("packages: " + master.getFileName() + " " + Files.size(master) + " bytes, "
                + minion.getFileName() + " " + Files.size(minion) + " bytes");

        ok(List.of("dpkg", "-i", master.toString(), minion.toString()));

        // files, owners, modes
        assertFile("/usr/share/brine/brine.jar", "root", "rw-r--r--");
        assertFile("/usr/share/brine/brine-minion.jar", "root", "rw-r--r--");
        assertFile("/etc/brine/pki/master", "brine", "rwx------");
        assertFile("/var/cache/brine/master", "brine", "rwx------");
        assertFile("/etc/brine/pki/minion", "root", "rwx------");
        assertFile("/var/cache/brine/minion", "root", "rwx------");
        // the minion's class-data archive is code its JVM maps as root: root's, and no one else's to write
        assertFile("/var/cache/brine/minion/cds", "root", "rwx------");
        // extension modules run as root: root's alone to write (docs/extensions.md)
        assertFile("/usr/lib/brine/extensions", "root", "rwxr-xr-x");
        assertFile("/usr/share/brine/bin/brine-minion", "root", "rwxr-xr-x");
        assertFile("/usr/share/brine/lib/class-data-archive.bash", "root", "rw-r--r--");
        assertFile("/etc/brine/master.yaml", "root", "rw-r--r--");
        assertFile("/etc/brine/minion.yaml", "root", "rw-r--r--");
        assertFile("/etc/default/brine-master", "root", "rw-r--r--");
        assertFile("/etc/default/brine-minion", "root", "rw-r--r--");
        assertFile("/lib/systemd/system/brine-master.service", "root", "rw-r--r--");
        assertFile("/lib/systemd/system/brine-minion.service", "root", "rw-r--r--");
        assertEquals(Path.of("/usr/share/brine/bin/brine"), BRINE.toRealPath(), "the full CLI wins the alternative");
        // man pages and completions, written from the CLI's model; brine(1) and the completions follow /usr/bin/brine
        assertEquals(Path.of("/usr/share/brine/man/brine.1.gz"), Path.of("/usr/share/man/man1/brine.1.gz").toRealPath());
        assertFile("/usr/share/man/man1/brine-state-apply.1.gz", "root", "rw-r--r--");
        assertTrue(ok(List.of("bash", "-c", "source /usr/share/bash-completion/completions/brine && complete -p brine"))
                .contains("_complete_brine"), "bash completes brine");
        assertEquals(Path.of("/usr/share/brine/completion/_brine"),
                Path.of("/usr/share/zsh/vendor-completions/_brine").toRealPath());
        long minionJar = Files.size(Path.of("/usr/share/brine/brine-minion.jar"));
        System.out.println("minion jar: " + minionJar + " bytes");
        assertTrue(minionJar <= 10L * 1024 * 1024, "the minion's jar within 10 MiB: " + minionJar);
        for (String conffile : List.of("/etc/brine/master.yaml", "/etc/default/brine-master")) {
            assertTrue(ok(List.of("dpkg-query", "-W", "-f=${Conffiles}", "brine-master")).contains(conffile),
                    conffile + " is a conffile");
        }
        assertTrue(ok(List.of("dpkg-query", "-W", "-f=${Conffiles}", "brine-minion"))
                .contains("/etc/brine/minion.yaml"), "minion.yaml is a conffile");
        for (String yaml : List.of("/etc/brine/master.yaml", "/etc/brine/minion.yaml")) {
            for (String line : Files.readAllLines(Path.of(yaml))) {
                assertTrue(line.isBlank() || line.startsWith("#"), yaml + ": every key commented: " + line);
            }
        }
        assertTrue(Files.readString(Path.of("/etc/brine/master.yaml")).contains("#ret_port: 4506"));
        if (new File("/usr/bin/systemd-analyze").canExecute()) {
            ok(List.of("systemd-analyze", "verify", UNITS.resolve("brine-master.service").toString(),
                    UNITS.resolve("brine-minion.service").toString()));
        }

        // an operator's edits of the conffiles: a free port on loopback
        int port = freePort();
        Files.writeString(Path.of("/etc/brine/master.yaml"), "interface: 127.0.0.1\nret_port: " + port + "\n");
        Process masterProcess = startUnit("brine-master.service");
        Await.until(() -> Files.exists(Path.of("/etc/brine/pki/master/master.pub")), "the master's key",
                Duration.ofSeconds(60));
        String finger = ok(List.of(BRINE.toString(), "key", "finger")).strip();
        assertTrue(masterProcess.isAlive(), "the master runs");
        Files.writeString(Path.of("/etc/brine/minion.yaml"), "id: pkg-minion\nmaster: 127.0.0.1\nmaster_port: " + port
                + "\nmaster_finger: '" + finger + "'\n");
        Process minionProcess = startUnit("brine-minion.service");
        Await.until(() -> output(List.of(BRINE.toString(), "key", "list")).contains("pkg-minion"),
                "pkg-minion's key pending", Duration.ofSeconds(60));
        ok(List.of(BRINE.toString(), "key", "accept", "pkg-minion"));
        awaitPing();
        // the running minion reports the version its package says: what a signed self-update compares
        String packaged = ok(List.of("dpkg-query", "-W", "-f=${Version}", "brine-minion")).strip();
        String reported = ok(List.of(BRINE.toString(), "run", "--timeout", "30", "--out", "json", "pkg-minion",
                "test.version")).replaceAll("\\s", "");
        assertTrue(reported.contains("\"ret\":\"" + packaged + "\""), packaged + " reported: " + reported);
        // a state, and an event posted through the minion package's own brine (minion, event send)
        String state = ok(List.of(BRINE.toString(), "run", "--timeout", "30", "--out", "json", "pkg-minion",
                "state.single", "test.succeed_with_changes", "name=packaged")).replaceAll("\\s", "");
        assertTrue(state.contains("\"result\":true"), state);
        ok(List.of("/usr/share/brine/bin/brine-agent", "event", "send", "packages/ok", "n=1"));
        // masterless runs from the minion package's own brine, as an image build would use it
        Path local = Files.createTempDirectory("brine-pkg-local");
        try {
            Path states = Files.createDirectories(local.resolve("states"));
            Path pillar = Files.createDirectories(local.resolve("pillar"));
            Files.writeString(states.resolve("hello.sls"), local.resolve("out.txt") + ":\n  file.managed:\n"
                    + "    - contents: {{ pillar['msg'] }}\n");
            Files.writeString(pillar.resolve("top.sls"), "base:\n  '*':\n    - msg\n");
            Files.writeString(pillar.resolve("msg.sls"), "msg: from the minion package\n");
            String config = Files.writeString(local.resolve("minion.yaml"), "id: pkg-local\nfile_client: local\n"
                    + "pki_dir: " + local.resolve("pki") + "\ncachedir: " + local.resolve("cache")
                    + "\nfile_roots_allowed:\n  - " + local + "\nfile_roots:\n  base:\n    - " + states
                    + "\npillar_roots:\n  base:\n    - " + pillar + "\n").toString();
            String echo = ok(List.of("/usr/share/brine/bin/brine-agent", "call", "-c", config, "test.echo", "hi",
                    "--out", "json")).replaceAll("\\s", "");
            assertTrue(echo.contains("\"pkg-local\":{\"ret\":\"hi\""), echo);
            String applied = ok(List.of("/usr/share/brine/bin/brine-agent", "state", "apply", "--local", "-c", config,
                    "hello"));
            assertTrue(applied.contains("Succeeded: 1 (changed=1)"), applied);
            assertEquals("from the minion package", Files.readString(local.resolve("out.txt")).strip());
        } finally {
            try (Stream<Path> walk = Files.walk(local)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        minionsLauncherMakesItsArchiveOnTheSecondStartAndACorruptOneOnlyCostsSpeed(minionProcess);
        // the master's runtime files belong to its user, the job cache included
        try (Stream<Path> files = Files.list(Path.of("/var/cache/brine/master"))) {
            for (Path f : files.toList()) {
                assertEquals("brine", Files.getOwner(f, LinkOption.NOFOLLOW_LINKS).getName(), f + " owner");
            }
        }
        cleanUpProcesses();
        packageAtLeastAsNewAsASelfUpdateTakesOver(minion);

        // remove keeps keys and caches; purge removes everything the packages created
        ok(List.of("dpkg", "--remove", "brine-master"));
        assertEquals(Path.of("/usr/share/brine/bin/brine-agent"), BRINE.toRealPath(), "the minion's brine takes over");
        assertEquals(Path.of("/usr/share/brine/man/brine-agent.1.gz"),
                Path.of("/usr/share/man/man1/brine.1.gz").toRealPath(), "and so does its man page");
        ok(List.of("dpkg", "--remove", "brine-minion"));
        assertTrue(Files.exists(Path.of("/etc/brine/pki/master/master.pem"))
                || Files.exists(Path.of("/etc/brine/pki/master/master.pub")), "remove keeps the master's keys");
        assertFalse(Files.exists(Path.of("/usr/share/brine/brine.jar")), "remove removes the jar");
        ok(List.of("dpkg", "--purge", "brine-minion", "brine-master"));
        for (String gone : List.of("/etc/brine", "/var/cache/brine", "/usr/share/brine", "/usr/bin/brine",
                "/etc/default/brine-master", "/etc/default/brine-minion", "/lib/systemd/system/brine-master.service",
                "/lib/systemd/system/brine-minion.service", "/etc/alternatives/brine", "/usr/share/man/man1/brine.1.gz",
                "/usr/share/man/man1/brine-run.1.gz", "/usr/share/bash-completion/completions/brine",
                "/usr/share/zsh/vendor-completions/_brine")) {
            assertFalse(Files.exists(Path.of(gone), LinkOption.NOFOLLOW_LINKS), "purge left " + gone);
        }
        assertEquals(2, run(List.of("getent", "passwd", "brine"), Duration.ofSeconds(10)).code,
                "purge removed the brine user");
    }

    /**
     * A version a signed self-update installed (docs/updates.md) runs until the package manager installs one at least
     * as new: the postinst then removes the versions' {@code current}, so that the packaged jar runs again; an older
     * package leaves a newer self-updated version current.
     */
    private static void packageAtLeastAsNewAsASelfUpdateTakesOver(Path minion) throws Exception {
        Path versions = Path.of("/var/cache/brine/minion/versions");
        Files.createDirectories(versions.resolve("0.0.1"));
        Files.writeString(versions.resolve("current"), "0.0.1\n");
        ok(List.of("dpkg", "-i", minion.toString()));
        assertFalse(Files.exists(versions.resolve("current")), "the package is newer than 0.0.1: it runs again");
        Files.writeString(versions.resolve("current"), "99.0\n");
        ok(List.of("dpkg", "-i", minion.toString()));
        assertEquals("99.0", Files.readString(versions.resolve("current")).strip(), "99.0 is newer: kept");
    }

    /**
     * The minion's unit starts through the package's launcher, which keeps the list of the classes the first start
     * loaded when it stops, dumps an archive of them on the second start and maps it; an archive that is garbage
     * is handed to the JVM, which refuses it and starts without one, and the minion still runs jobs.
     */
    private void minionsLauncherMakesItsArchiveOnTheSecondStartAndACorruptOneOnlyCostsSpeed(Process first)
            throws Exception {
        assertTrue(Files.readString(UNITS.resolve("brine-minion.service"))
                .contains("\nExecStart=/usr/share/brine/bin/brine-minion "), "the unit starts the launcher");
        Path cds = Path.of("/var/cache/brine/minion/cds");
        Path archive = cds.resolve("minion.jsa");
        assertFalse(Files.exists(archive), "no archive on the first start");
        stop(first);
        assertTrue(Files.readAllLines(cds.resolve("minion.classlist")).contains("io/brine/transport/DealerLoop"),
                "the first start's class list, kept when it stopped");
        assertFile(cds.resolve("minion.classlist").toString(), "root", "rw-r--r--");

        Process second = startUnit("brine-minion.service");
        awaitPing();
        assertFile(archive.toString(), "root", "r--r--r--");
        // the launcher execs the JVM once the archive exists, so the unit's process is the minion itself
        assertTrue(Files.readString(Path.of("/proc", Long.toString(second.pid()), "maps")).contains(archive.toString()),
                "the second start maps " + archive);
        stop(second);

        Files.writeString(archive, "not an archive");
        Process third = startUnit("brine-minion.service");
        awaitPing();
        assertFalse(Files.readString(Path.of("/proc", Long.toString(third.pid()), "maps")).contains(archive.toString()),
                "the JVM refused the garbage and started without it");
        assertEquals("not an archive", Files.readString(archive), "the launcher handed the garbage to the JVM");
        stop(third);
    }

    private static void awaitPing() throws InterruptedException {
        Await.until(() -> output(List.of(BRINE.toString(), "run", "--timeout", "5", "--out", "json", "pkg-minion",
                "test.ping")).replaceAll("\\s", "").contains("{\"pkg-minion\":{\"ret\":true"),
                "test.ping answered true", Duration.ofSeconds(90));
    }

    private void stop(Process p) throws InterruptedException {
        p.destroy();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "a started service stops on SIGTERM");
        started.remove(p);
    }

    /**
     * Runs a unit's ExecStart line as written, its $VARIABLES taken from its EnvironmentFile (and set in its
     * environment, as systemd does), as its User=.
     */
    private Process startUnit(String unit) throws IOException {
        Map<String, String> keys = new HashMap<>();
        for (String line : Files.readAllLines(UNITS.resolve(unit))) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                keys.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
        }
        Map<String, String> env = new HashMap<>();
        String envFile = keys.getOrDefault("EnvironmentFile", "").replaceFirst("^-", "");
        if (!envFile.isEmpty() && Files.exists(Path.of(envFile))) {
            for (String line : Files.readAllLines(Path.of(envFile))) {
                Matcher m = Pattern.compile("^([A-Z_]+)=\"?(.*?)\"?$").matcher(line.strip());
                if (m.matches()) {
                    env.put(m.group(1), m.group(2));
                }
            }
        }
        List<String> command = new ArrayList<>();
        String user = keys.getOrDefault("User", "root");
        if (!user.equals("root")) {
            // setpriv execs the command as the user (no process in between), as systemd does
            command.addAll(List.of("setpriv", "--reuid=" + user, "--regid=" + user, "--init-groups", "--"));
        }
        for (String word : keys.get("ExecStart").split("\\s+")) {
            if (word.startsWith("$")) {
                // systemd splits an unbraced $VARIABLE into words
                command.addAll(Arrays.asList(env.getOrDefault(word.substring(1), "").split("\\s+")));
            } else {
                command.add(word);
            }
        }
        command.removeIf(String::isEmpty);
        System.out.println(unit + ": " + String.join(" ", command));
        Path log = Files.createTempFile(unit, ".log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env); // systemd also hands the EnvironmentFile's variables to the process
        // and says which run of the unit this is: the minion's launcher then leaves restarts to systemd and execs
        // the JVM, so the unit's process is the minion itself (docs/updates.md)
        pb.environment().put("INVOCATION_ID", java.util.UUID.randomUUID().toString().replace("-", ""));
        Process p = pb.start();
        started.add(p);
        return p;
    }

    private void cleanUpProcesses() throws InterruptedException {
        for (Process p : started) {
            p.destroy();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "a started service stops on SIGTERM");
        }
        started.clear();
    }

    private static void assertFile(String path, String owner, String mode) throws IOException {
        PosixFileAttributes a = Files.readAttributes(Path.of(path), PosixFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS);
        assertEquals(owner, a.owner().getName(), path + " owner");
        assertEquals(mode, PosixFilePermissions.toString(a.permissions()), path + " mode");
    }

    private static Path newest(String prefix) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix)
                            && f.getFileName().toString().endsWith("_all.deb"))
                    .max(Comparator.comparing(f -> f.toFile().lastModified()))
                    .orElseThrow(() -> new AssertionError("no " + prefix + "*.deb in target: run mvn package"));
        }
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean installed(String pkg) throws Exception {
        Result r = run(List.of("dpkg-query", "-W", "-f=${Status}", pkg), Duration.ofSeconds(10));
        return r.code == 0 && !r.out.contains("not-installed") && !r.out.isBlank();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String ok(List<String> command) throws Exception {
        Result r = run(command, Duration.ofMinutes(2));
        assertEquals(0, r.code, String.join(" ", command) + " failed:\n" + r.out);
        return r.out;
    }

    private static String output(List<String> command) {
        try {
            return run(command, Duration.ofSeconds(30)).out;
        } catch (Exception e) {
            return "";
        }
    }

    private static Result run(List<String> command, Duration within) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(within.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not end within " + within);
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    private record Result(int code, String out) {
    }
}
