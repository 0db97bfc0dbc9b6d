package io.brine.cli;

import io.brine.client.BrineClient;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionResult;
import io.brine.jobs.SshOptions;
import io.brine.master.MasterConfig;
import io.brine.output.JobOutput;
import io.brine.protocol.MinionId;
import io.brine.targeting.TargetExpression;
import io.brine.targeting.TargetSyntaxException;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "cp", mixinStandardHelpOptions = true,
        description = {"Copy files from this host (the master's) to the minions a target selects, in salt-cp's order: "
                + "TARGET SOURCE... DEST. DEST is a directory, or for one SOURCE the new file's path; it must be "
                + "inside each minion's file_roots_allowed.",
                "With --from ID: PATH DEST, run cp.push PATH on that minion, then copy the file it stored on the "
                + "master to DEST on this host.",
                "Files travel in chunks over the encrypted channel and are checked by SHA-256 end to end; each is "
                + "written to a temporary name, given the source's mode, flushed and renamed into place.",
                "With --ssh: to the machines of the master's roster, over SSH, which need nothing but a shell (the "
                + "login user's rights decide where DEST may be)."},
        footer = {"", "Examples:", "  brine cp 'web*' /srv/release/app.jar /opt/app/",
                "  brine cp -L web1,web2 app.conf motd /etc/app/",
                "  brine cp --from web1 /var/log/app.log ./web1-app.log",
                "  brine cp --ssh -L db1,db2 pg_hba.conf /etc/postgresql/15/main/"})
final class CpCommand implements Callable<Integer> {
    /** Extra time a copy gets beyond the master's timeout: a second per this many bytes. */
    private static final long BYTES_PER_EXTRA_SECOND = 64L << 20;

    @Mixin
    MasterConfigOption config;

    @ArgGroup(exclusive = true, heading = "Target types (TARGET is a glob without one):%n")
    JobOptions.TargetFlags targetType = new JobOptions.TargetFlags();

    @Option(names = "--from", paramLabel = "ID", description = "copy PATH from this minion (through cp.push) to DEST here")
    String from;

    @Option(names = "--ssh", description = "copy to the roster's machines over SSH (as brine ssh), not to minions")
    boolean ssh;

    @Option(names = "--accept-new", description = "with --ssh: trust a host whose key is not yet known, adding it")
    boolean acceptNew;

    @Option(names = "--timeout", paramLabel = "S", description = "seconds the copy may take on each minion (default: "
            + "the master's timeout, plus a second per 64 MiB)")
    Integer timeoutSeconds;

    @Option(names = "--out", paramLabel = "FORMAT", defaultValue = "text", description = "text, json or yaml")
    String out;

    @Parameters(arity = "2..*", paramLabel = "ARG", description = "TARGET SOURCE... DEST, or with --from: PATH DEST")
    List<String> words = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        config.clientLogging();
        OutputFormat.check(out);
        MasterConfig cfg = config.load();
        if (acceptNew && !ssh) {
            throw CliException.usage("--accept-new is for --ssh");
        }
        if (ssh && from != null) {
            throw CliException.usage("--from copies from a minion; --ssh copies to roster hosts: not both");
        }
        return from == null ? toMinions(cfg) : fromMinion(cfg);
    }

    private int toMinions(MasterConfig cfg) throws InterruptedException {
        if (words.size() < 3) {
            throw CliException.usage("brine cp takes TARGET, at least one SOURCE, and DEST");
        }
        String target = words.get(0);
        String dest = words.get(words.size() - 1);
        try {
            TargetExpression.parse(target, targetType.type(), cfg.nodegroups());
        } catch (TargetSyntaxException e) {
            throw CliException.usage("malformed target: " + e.describe());
        }
        if (!dest.startsWith("/")) {
            throw CliException.usage("DEST '" + dest + "' must be an absolute path on the minions");
        }
        List<String> sources = new ArrayList<>();
        long bytes = 0;
        for (String s : words.subList(1, words.size() - 1)) {
            Path p = Path.of(s).toAbsolutePath().normalize();
            if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
                throw CliException.usage("SOURCE '" + s + "' is not a readable file");
            }
            sources.add(p.toString());
            bytes += p.toFile().length();
        }
        if (sources.stream().map(x -> Path.of(x).getFileName()).distinct().count() < sources.size()) {
            throw CliException.usage("two SOURCEs have the same name: in DEST one would replace the other");
        }
        Duration timeout = timeout(cfg, bytes);
        Job job = matched(ask(cfg, master -> master.copy(target, targetType.type(),
                sources.stream().map(Path::of).toList(), dest, timeout, ssh ? new SshOptions(acceptNew) : null)));
        print(job, Map.of());
        return JobOutput.exitCode(job);
    }

    private int fromMinion(MasterConfig cfg) throws InterruptedException {
        if (words.size() != 2) {
            throw CliException.usage("brine cp --from ID takes PATH and DEST");
        }
        if (!MinionId.isValid(from)) {
            throw CliException.usage("--from '" + from + "' is not a minion id");
        }
        Duration timeout = timeout(cfg, 0);
        JobSpec push = new JobSpec(from, TargetType.LIST, "cp.push", List.of(words.get(0)), Map.of(), timeout, null,
                null);
        Job job = matched(ask(cfg, master -> master.call(push)));
        MinionResult pushed = job.returns().get(from);
        if (pushed == null || !pushed.success() || !(pushed.ret() instanceof Map<?, ?> ret)) {
            print(job, Map.of());
            return ExitCodes.FAILED;
        }
        Path written;
        try {
            // Where the master keeps the file the job asked for (the only one it took), not a path the return names.
            Path stored = cfg.pushedFile(from, words.get(0));
            written = copyHere(stored, String.valueOf(ret.get("sha256")), words.get(1));
        } catch (IOException e) {
            throw new CliException(ExitCodes.FAILED, "cannot copy what " + from + " pushed to " + words.get(1) + ": "
                    + e);
        }
        print(job, Map.of("dest", written.toString()));
        return ExitCodes.OK;
    }

    private Duration timeout(MasterConfig cfg, long bytes) {
        if (timeoutSeconds != null && timeoutSeconds <= 0) {
            throw CliException.usage("--timeout must be positive");
        }
        return timeoutSeconds != null ? Duration.ofSeconds(timeoutSeconds)
                : cfg.timeout().plusSeconds(bytes / BYTES_PER_EXTRA_SECOND);
    }

    private <T> T ask(MasterConfig cfg, MasterRequest<T> request) throws InterruptedException {
        // a copy the master refused or could not start is a ClientException the caller set up wrong: Main exits 2
        try (BrineClient master = config.connect(cfg)) {
            return request.on(master);
        }
    }

    private static Job matched(Job job) {
        if (job.expected().isEmpty()) {
            throw new CliException(ExitCodes.FAILED, "No minions matched the target. No file was sent.");
        }
        return job;
    }

    /** Like {@code brine run}'s output, with what this host received added. */
    private void print(Job job, Map<String, Object> local) {
        String text;
        if (out.equals("text")) {
            StringBuilder b = new StringBuilder(JobOutput.text(job));
            local.forEach((k, v) -> b.append(k).append(": ").append(v).append('\n'));
            text = b.toString();
        } else {
            Map<String, Object> doc = JobOutput.document(job);
            doc.putAll(local);
            text = OutputFormat.render(doc, out);
        }
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
    }

    /**
     * Copies the stored file to {@code dest} on this host: a temporary name beside it, hashed while copied and
     * checked against what the minion sent, the stored mode, flushed, then renamed into place.
     */
    private static Path copyHere(Path stored, String sha256, String dest) throws IOException {
        Path d = Path.of(dest).toAbsolutePath().normalize();
        Path target = Files.isDirectory(d) || dest.endsWith("/") ? d.resolve(stored.getFileName()) : d;
        Files.createDirectories(target.getParent());
        Path temp = Files.createTempFile(target.getParent(), ".brine-", ".part");
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            ByteBuffer buf = ByteBuffer.allocate(1 << 20);
            try (FileChannel in = FileChannel.open(stored, StandardOpenOption.READ);
                    FileChannel copy = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                while (in.read(buf) >= 0) {
                    md.update(buf.array(), 0, buf.position());
                    buf.flip();
                    while (buf.hasRemaining()) {
                        copy.write(buf);
                    }
                    buf.clear();
                }
                copy.force(true);
            }
            String copied = HexFormat.of().formatHex(md.digest());
            if (!copied.equalsIgnoreCase(sha256)) {
                throw new CliException(ExitCodes.FAILED, stored + " has SHA-256 " + copied + ", but the minion sent "
                        + sha256 + " (pushed again meanwhile?); nothing was written");
            }
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(stored));
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            syncDirectory(target.getParent());
            return target;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // some file systems cannot sync a directory; the rename itself is still atomic
        }
    }
}
