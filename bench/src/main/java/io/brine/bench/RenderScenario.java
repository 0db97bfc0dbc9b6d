package io.brine.bench;

import io.brine.functions.ProcessRunner;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Rendering a formula-shaped tree of 50 files (10 formulas, each an init.sls, config.sls, service.sls, map.jinja
 * and defaults.yaml, in the shape of saltstack-formulas: tplroot imports, import_yaml, grains.filter_by merged
 * with pillar) to its compiled states, as {@code state.show_sls} does: the first render in this JVM (cold) and
 * the median of the next ones (warm; target under 200 ms). Runs no state and needs no minion.
 */
final class RenderScenario implements Scenario {
    static final int FORMULAS = 10;
    private static final int WARM_RUNS = 20;

    @Override
    public String name() {
        return "render";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        Path tree = Files.createDirectories(run.cluster.root.resolve("render-tree"));
        List<String> sls = write(tree);
        Map<String, Object> grains = Map.of("os_family", "Debian", "os", "Debian", "id", "bench");
        Map<String, Object> pillar = Map.of("f3", Map.of("lookup", Map.of("user", "override")));
        List<Long> warm = new ArrayList<>();
        long cold;
        try (ProcessRunner runner = new ProcessRunner(System.getLogger("io.brine.bench"))) {
            StateJob job = new StateJob(sls, new DirectoryStateFiles(List.of(tree)), "bench", grains, pillar, true,
                    runner);
            cold = render(StateEngine.withInstalledFunctions(), job);
            for (int i = 0; i < WARM_RUNS; i++) {
                warm.add(render(StateEngine.withInstalledFunctions(), job));
            }
        }
        Samples s = Samples.ofNanos(warm);
        return ScenarioResult.measured()
                .figure("cold_ms", cold / 1e6)
                .figure("warm_median_ms", s.medianMs())
                .row("render 50 formula files, cold", Report.num(cold / 1e6) + " ms", "", "", "first in this JVM")
                .row("render 50 formula files, warm", Report.num(s.medianMs()) + " ms median", "< 200 ms", "",
                        s.spread());
    }

    private static long render(StateEngine engine, StateJob job) {
        long t0 = System.nanoTime();
        Object shown = engine.showSls(job);
        long nanos = System.nanoTime() - t0;
        if (!(shown instanceof Map<?, ?> states) || states.size() != FORMULAS * 3) {
            throw new IllegalStateException("the formula tree did not compile to " + FORMULAS * 3 + " states: "
                    + shown);
        }
        return nanos;
    }

    private static List<String> write(Path root) throws Exception {
        List<String> sls = new ArrayList<>();
        for (int i = 0; i < FORMULAS; i++) {
            String f = "f" + i;
            Path dir = Files.createDirectories(root.resolve(f));
            Files.writeString(dir.resolve("defaults.yaml"), f + ":\n  pkg: " + f + "-pkg\n  user: www\n  port: "
                    + (8000 + i) + "\n  conf: /etc/" + f + "/" + f + ".conf\n");
            Files.writeString(dir.resolve("map.jinja"), String.join("\n",
                    "{% import_yaml tplroot ~ '/defaults.yaml' as defaults %}",
                    "{% set osmap = salt['grains.filter_by']({'Debian': {'user': 'www-data'},"
                            + " 'RedHat': {'user': 'nginx'}}, grain='os_family') %}",
                    "{% set " + f + " = salt['slsutil.merge'](defaults['" + f + "'], osmap) %}",
                    "{% set " + f + " = salt['pillar.get']('" + f + ":lookup', " + f + ", merge=True) %}", ""));
            Files.writeString(dir.resolve("init.sls"), "include:\n  - ." + "config\n  - .service\n\n"
                    + "{% from tplroot ~ '/map.jinja' import " + f + " with context %}\n"
                    + f + "-pkg:\n  pkg.installed:\n    - name: {{ " + f + ".pkg }}\n");
            Files.writeString(dir.resolve("config.sls"), "{% from tplroot ~ '/map.jinja' import " + f
                    + " with context %}\n" + f + "-config:\n  file.managed:\n    - name: {{ " + f + ".conf }}\n"
                    + "    - contents: |\n{% for k, v in " + f + ".items() %}        {{ k }} = {{ v }}\n{% endfor %}"
                    + "    - user: {{ " + f + ".user }}\n");
            Files.writeString(dir.resolve("service.sls"), "{% from tplroot ~ '/map.jinja' import " + f
                    + " with context %}\n" + f + "-service:\n  service.running:\n    - name: " + f
                    + "\n    - watch:\n      - file: " + f + "-config\n");
            sls.add(f);
        }
        return sls;
    }
}
