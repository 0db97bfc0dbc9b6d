package io.brine.ssh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.jobs.MinionResult;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One function run on a roster host with Brine's minion jar, as salt-ssh runs its thin Salt: the jar copied once
 * into the login user's cache ({@code ~/.cache/brine/ssh/SHA256.jar}, kept across runs, so a warm run copies only
 * the state tree), the run's files unpacked into a directory of their own there, {@code java -jar ... call --local}
 * run on them, its job document read back, and the directory removed.
 */
final class AgentRun {
    /** The most a run's state tree and pillar may hold; the master's own file server serves no more to a minion. */
    static final long MAX_RUN_BYTES = 64L << 20;
    /** The largest pillar a host reads (as one YAML document, whose reader stops at 3 MiB of characters). */
    static final int MAX_PILLAR_CHARS = 3 * 1024 * 1024 - 64;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HostSession session;
    private final RosterHost host;
    private final AgentPayload payload;

    AgentRun(HostSession session, RosterHost host, AgentPayload payload) {
        this.session = session;
        this.host = host;
        this.payload = payload;
    }

    MinionResult run(String function, List<Object> args, Map<String, Object> kwargs, Instant start)
            throws SshUnreachable, IOException {
        String jarName = payload.jar().sha256() + ".jar";
        HostSession.Exec probe = session.exec("c=\"${XDG_CACHE_HOME:-$HOME/.cache}/brine/ssh\"; "
                + "printf '%s\\n' \"$c\"; command -v java >/dev/null 2>&1 && echo java; "
                + "[ -f \"$c/" + jarName + "\" ] && echo jar; exit 0");
        List<String> lines = probe.stdout().lines().toList();
        if (probe.exit() != 0 || lines.isEmpty() || !lines.get(0).startsWith("/")) {
            return failed("cannot find the login user's cache folder on " + where() + " (exit " + probe.exit() + "): "
                    + probe.stderr().strip(), start);
        }
        if (!lines.contains("java")) {
            return failed(where() + " has no 'java' on its PATH: " + function + " runs there with Brine's minion jar, "
                    + "which needs a Java 17 or later runtime (install one, e.g. apt-get install default-jre-headless); "
                    + "these need only a shell: " + String.join(", ", new java.util.TreeSet<>(SshRunner.SHELL_FUNCTIONS)),
                    start);
        }
        String cache = lines.get(0);
        String jar = cache + "/" + jarName;
        if (!lines.contains("jar")) {
            String temp = jar + "." + UUID.randomUUID();
            HostSession.Exec copy = session.exec("mkdir -p " + ShellWords.quote(cache) + " && chmod 700 "
                    + ShellWords.quote(cache) + " && cat > " + ShellWords.quote(temp) + " && mv -f -- "
                    + ShellWords.quote(temp) + " " + ShellWords.quote(jar) + " || { rm -f -- " + ShellWords.quote(temp)
                    + "; exit 1; }", out -> Files.copy(payload.jar().file(), out));
            if (copy.exit() != 0) {
                return failed("cannot copy Brine's minion jar to " + where() + ":" + jar + " (exit " + copy.exit()
                        + "): " + copy.stderr().strip(), start);
            }
        }
        String dir = cache + "/run-" + UUID.randomUUID();
        String pillar = JSON.writeValueAsString(payload.pillar());
        if (pillar.length() > MAX_PILLAR_CHARS) {
            return failed("the pillar of " + host.id() + " is " + pillar.length() + " characters as JSON; a host reads "
                    + "at most " + MAX_PILLAR_CHARS, start);
        }
        String sudo = host.sudo() ? "sudo -n -- " : "";
        long seconds = Math.max(1, session.left().toSeconds());
        String command = "d=" + ShellWords.quote(dir) + "; mkdir -m 700 \"$d\" && tar -xf - -C \"$d\" && cd \"$d\" && "
                + sudo + "java -jar " + ShellWords.quote(jar) + " call --local -c \"$d/minion.yaml\" --out json "
                + "--timeout " + seconds + " --args-file \"$d/args.json\" " + ShellWords.quote(function)
                + "; rc=$?; " + sudo + "rm -rf \"$d\"; exit $rc";
        HostSession.Exec ran;
        try {
            ran = session.exec(command, out -> archive(out, dir, args, kwargs, pillar));
        } catch (IOException e) {
            return failed(e.getMessage() + " (on " + where() + " nothing ran)", start);
        }
        return read(ran, start);
    }

    /** The minion config, arguments, pillar and state tree of one run in {@code dir}, written to {@code out}. */
    private void archive(java.io.OutputStream out, String dir, List<Object> args, Map<String, Object> kwargs,
            String pillar) throws IOException {
        RunArchive archive = new RunArchive(out, MAX_RUN_BYTES, payload.withheld());
        Map<String, Object> roots = new LinkedHashMap<>();
        List<String> stateDirs = new java.util.ArrayList<>();
        for (int i = 0; i < Math.max(1, payload.fileRoots().size()); i++) {
            stateDirs.add(dir + "/states/" + i);
        }
        roots.put("base", stateDirs);
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("id", host.id());
        config.put("file_client", "local");
        config.put("pki_dir", dir + "/pki");
        config.put("cachedir", dir + "/cache");
        config.put("file_roots_allowed", List.of(dir));
        config.put("file_roots", roots);
        config.put("pillar_roots", Map.of("base", List.of(dir + "/pillar")));
        if (!host.grains().isEmpty()) {
            config.put("grains", host.grains()); // the roster's grains, over what the host reports, as salt-ssh does
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("args", args);
        arguments.put("kwargs", kwargs);
        archive.text("minion.yaml", JSON.writeValueAsString(config))
                .text("args.json", JSON.writeValueAsString(arguments))
                // data only (#!yaml, #!json): what the master compiled is not rendered a second time there
                .text("pillar/top.sls", "#!yaml\nbase:\n  '*':\n    - brine_ssh\n")
                .text("pillar/brine_ssh.sls", "#!json\n" + pillar);
        if (payload.fileRoots().isEmpty()) {
            archive.folder("states/0"); // a master with no file_roots: an empty tree, as its file server has
        }
        for (int i = 0; i < payload.fileRoots().size(); i++) {
            archive.tree("states/" + i, payload.fileRoots().get(i));
        }
        archive.finish();
    }

    /** The host's return, from the job document {@code call --local --out json} printed. */
    private MinionResult read(HostSession.Exec ran, Instant start) {
        if (ran.stdoutCut()) {
            return new MinionResult("the return on " + where() + " is larger than "
                    + session.maxOutputBytes() + " bytes, the most the master keeps of a return (max_return_size)", 1,
                    false, start, Instant.now());
        }
        JsonNode entry;
        try {
            entry = JSON.readTree(ran.stdout()).path("returns").path(host.id());
        } catch (IOException e) {
            entry = null;
        }
        if (entry == null || !entry.isObject()) {
            String said = (ran.stderr() + "\n" + ran.stdout()).strip();
            return new MinionResult("Brine's minion jar on " + where() + " gave no return (exit " + ran.exit()
                    + (ran.timedOut() ? ", timed out" : "") + "): " + tail(said), ran.exit() == 0 ? 1 : ran.exit(),
                    false, start, Instant.now());
        }
        Object ret = JSON.convertValue(entry.get("ret"), Object.class);
        return new MinionResult(ret, entry.path("retcode").asInt(), entry.path("success").asBoolean(),
                instant(entry.path("start_time"), start), instant(entry.path("end_time"), Instant.now()));
    }

    private static Instant instant(JsonNode node, Instant fallback) {
        try {
            return node.isTextual() ? Instant.parse(node.asText()) : fallback;
        } catch (DateTimeParseException e) {
            return fallback;
        }
    }

    private static String tail(String text) {
        return text.length() <= 2000 ? text : "..." + text.substring(text.length() - 2000);
    }

    private String where() {
        return host.id() + " (" + host.user() + "@" + host.host() + ":" + host.port() + ")";
    }

    private static MinionResult failed(String why, Instant start) {
        return new MinionResult(why, 1, false, start, Instant.now());
    }
}
