package io.brine.cli;

import io.brine.config.ConfigFile;
import io.brine.config.TemplateRenderer;
import io.brine.functions.FunctionRegistry;
import io.brine.master.MasterlessFiles;
import io.brine.minion.LocalCaller;
import io.brine.minion.MasterlessConfig;
import io.brine.minion.MinionConfig;
import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Runs one function on this machine with no master ({@code brine call --local}, {@code brine state apply --local}),
 * reading {@code file_roots} and {@code pillar_roots} from the minion config, and prints the return exactly as the
 * master path prints a job with one minion, keyed by the config's id, with the same exit codes.
 */
final class LocalCall {
    /** salt-call waits as long as the function runs; a day bounds a function that never ends. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofDays(1);

    private LocalCall() {
    }

    static int execute(CommandSpec spec, Path minionConfig, String out, Integer timeoutSeconds, String function,
            List<Object> args, Map<String, Object> kwargs, Function<JobRecord, String> text)
            throws IOException, InterruptedException {
        Logging.configure("warning");
        if (!out.equals("jsonl")) {
            OutputFormat.check(out);
        }
        Duration timeout = timeoutSeconds == null ? DEFAULT_TIMEOUT : Duration.ofSeconds(timeoutSeconds);
        if (timeout.isNegative() || timeout.isZero()) {
            throw CliException.usage("--timeout must be positive");
        }
        ConfigFile file = ConfigFile.load(minionConfig);
        MinionConfig config = MinionConfig.from(file);
        MasterlessConfig local = MasterlessConfig.from(file);
        local.requireRoots(file.has("file_roots"), file.has("pillar_roots"));
        MasterlessFiles files = new MasterlessFiles(local.fileRoots(), local.pillarRoots(),
                TemplateRenderer.installed());
        long start = System.currentTimeMillis();
        String jid = LocalCaller.newJid();
        MinionReturn result;
        try (LocalCaller caller = new LocalCaller(config, FunctionRegistry.installed())) {
            LocalMaster master = new LocalMaster(files, config.id(), caller::grains);
            result = caller.call(master, jid, function, args, kwargs, timeout);
        }
        String id = config.id();
        JobRecord job = new JobRecord(jid, function, args, kwargs, id, "list", "local", start,
                timeout.toMillis(), List.of(id), List.of(id), Map.of(id, result));
        PrintWriter stdout = spec.commandLine().getOut();
        if (out.equals("jsonl")) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("jid", job.jid());
            line.put("id", id);
            line.putAll(JobOutput.minion(result));
            stdout.println(JobOutput.compactJson(line));
            Map<String, Object> summary = JobOutput.document(job);
            summary.remove("returns");
            summary.put("returned", 1);
            summary.put("expected", 1);
            stdout.println(JobOutput.compactJson(summary));
        } else {
            stdout.print(out.equals("text") ? text.apply(job) : JobOutput.render(job, out));
        }
        stdout.flush();
        return JobOutput.exitCode(job);
    }

    /** Whether the minion config at {@code file} says {@code file_client: local}. */
    static boolean fileClientLocal(Path file) {
        return MasterlessConfig.from(ConfigFile.load(file)).local();
    }
}
