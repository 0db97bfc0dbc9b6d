package io.brine.cli;

import io.brine.client.BrineClient;
import io.brine.jobs.Event;
import io.brine.jobs.Subscription;
import io.brine.master.MasterConfig;
import io.brine.output.JobOutput;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "events", mixinStandardHelpOptions = true,
        description = "Stream the master's events as they happen: jobs, returns, minions starting, keys, and "
                + "status posted from inside guests.",
        footer = {"", "Examples:", "  brine events --tag 'brine/minion/*/event/ready' --out json",
                "  brine events --tag 'brine/job/*' --count 10"})
final class EventsCommand implements Callable<Integer> {
    @Mixin
    MasterConfigOption config;

    @Option(names = "--tag", defaultValue = "**", description = "a glob on tags: * within one /-separated part, ** across them")
    String tag;

    @Option(names = "--out", defaultValue = "text", description = "text, or json: one object per line")
    String out;

    @Option(names = "--count", description = "stop after this many events")
    Integer count;

    @Option(names = "--timeout", paramLabel = "S", description = "stop after this many seconds")
    Integer timeoutSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Logging.configure("warning");
        if (!out.equals("text") && !out.equals("json")) {
            throw CliException.usage("--out must be text or json");
        }
        PrintWriter stdout = spec.commandLine().getOut();
        AtomicInteger seen = new AtomicInteger();
        Duration limit = timeoutSeconds == null ? Duration.ofDays(365) : Duration.ofSeconds(timeoutSeconds);
        MasterConfig cfg = config.load();
        java.util.concurrent.CountDownLatch enough = new java.util.concurrent.CountDownLatch(1);
        try (BrineClient master = BrineClient.connect(cfg.endpoint(), config.identity(cfg), Duration.ofSeconds(5));
                Subscription events = master.subscribe(tag, e -> {
                    if (count == null || seen.get() < count) {
                        print(stdout, e);
                        if (count != null && seen.incrementAndGet() >= count) {
                            enough.countDown();
                        }
                    }
                })) {
            // a refusal (no @events) is a ClientException from subscribe: exit 2, as before
            enough.await(limit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        return ExitCodes.OK;
    }

    private void print(PrintWriter stdout, Event e) {
        if (out.equals("json")) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("tag", e.tag());
            line.put("data", e.data());
            line.put("time", Instant.ofEpochMilli(e.timeMillis()).toString());
            stdout.println(JobOutput.compactJson(line));
        } else {
            stdout.println(Instant.ofEpochMilli(e.timeMillis()) + " " + e.tag() + " " + JobOutput.compactJson(e.data()));
        }
        stdout.flush();
    }
}
