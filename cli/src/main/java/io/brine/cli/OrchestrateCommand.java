package io.brine.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.client.BrineClient;
import io.brine.jobs.Job;
import io.brine.master.MasterConfig;
import io.brine.output.JobOutput;
import io.brine.output.StateOutput;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "orchestrate", mixinStandardHelpOptions = true,
        description = "Run an orchestration, as Salt's 'salt-run state.orchestrate': the SLS is rendered on the master "
                + "from its file_roots and its steps (salt.state, salt.function, salt.wait_for_event, salt.runner) run "
                + "in order, with requisites, as jobs of yours. Needs @orchestrate, and the rights of every job a step "
                + "publishes. --test plans it: each salt.state runs its states in test mode, nothing else runs.",
        footer = {"", "Examples:", "  brine orchestrate orch.deploy",
                "  brine orchestrate --test --pillar '{\"release\": \"1.4\"}' orch.deploy"})
final class OrchestrateCommand implements Callable<Integer> {
    /** An orchestration waits for every step it runs: longer than a job's usual default. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofHours(1);

    @Mixin
    MasterConfigOption config;

    @Option(names = "--test", description = "plan only: the minions' states run in test mode, nothing changes")
    boolean test;

    @Option(names = "--pillar", paramLabel = "JSON", description = "a JSON mapping merged over the master's pillar "
            + "for the run")
    String pillar;

    @Option(names = "--timeout", paramLabel = "S", description = "seconds the whole run may take (default: 3600)")
    Long timeoutSeconds;

    @Option(names = "--out", paramLabel = "FORMAT", defaultValue = "text", description = "text, json or yaml")
    String out;

    @Parameters(paramLabel = "SLS", description = "the orchestration, a dotted name in the master's file_roots")
    String sls;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        config.clientLogging();
        OutputFormat.check(out);
        if (timeoutSeconds != null && timeoutSeconds <= 0) {
            throw CliException.usage("--timeout must be positive");
        }
        Map<String, Object> extra = pillar();
        MasterConfig cfg = config.load();
        Job job;
        try (BrineClient master = config.connect(cfg)) {
            job = master.orchestrate(sls, test, extra,
                    timeoutSeconds == null ? DEFAULT_TIMEOUT : Duration.ofSeconds(timeoutSeconds));
        }
        String text = out.equals("text") ? StateOutput.text(job) : OutputFormat.render(JobOutput.document(job), out);
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
        return JobOutput.exitCode(job);
    }

    private Map<String, Object> pillar() {
        if (pillar == null) {
            return Map.of();
        }
        try {
            Object parsed = new ObjectMapper().readValue(pillar, Object.class);
            if (parsed instanceof Map<?, ?> m) {
                @SuppressWarnings("unchecked")
                Map<String, Object> map = (Map<String, Object>) m;
                return map;
            }
        } catch (JsonProcessingException e) {
            throw CliException.usage("--pillar is not JSON: " + e.getOriginalMessage());
        }
        throw CliException.usage("--pillar must be a JSON mapping, such as '{\"release\": \"1.4\"}'");
    }
}
