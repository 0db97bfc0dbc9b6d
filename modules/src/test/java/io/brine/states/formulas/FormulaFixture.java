package io.brine.states.formulas;

import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.brine.functions.Command;
import io.brine.functions.CommandRunner;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.PillarTemplates;
import io.brine.states.Runners;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import io.brine.states.StateOutcome;
import io.brine.states.SystemAccounts;
import io.brine.modules.pkg.LocalAptRepo;
import io.brine.modules.service.InitScriptDaemon;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One formula-style fixture from {@code src/test/resources/formulas/NAME}: a state tree in the shape of a
 * saltstack-formulas formula (map.jinja, defaults.yaml, osfamilymap.yaml, libtofs, tplroot imports) and its
 * {@code pillar.example}, rendered with Jinja as the master renders pillar, for a Debian 12 minion.
 *
 * <p>So that the formula can be applied for real and cleaned up, the minion's grains carry a {@code fixture}
 * mapping that the fixture's pillar reads: {@code root} (a temporary directory standing for {@code /}),
 * {@code id} (a unique suffix for users and groups), {@code package} (a throwaway package in a local apt
 * repository) and {@code service} (a throwaway init script daemon). Everything is removed by {@link #close}.
 */
final class FormulaFixture implements AutoCloseable {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    final Path tree;
    final Path root;
    final String id = SystemAccounts.uniqueName();
    final String packageName = id + "pkg";
    final Map<String, Object> grains = new LinkedHashMap<>();
    final Map<String, Object> pillar = new LinkedHashMap<>();
    private final List<String> users = new ArrayList<>();
    private final List<String> groups = new ArrayList<>();
    private InitScriptDaemon daemon;
    private LocalAptRepo repo;
    private CommandRunner runner = Runners.LOCAL;
    private boolean packageInstalled;

    private FormulaFixture(Path work) throws IOException {
        this.tree = Files.createDirectories(work.resolve("tree"));
        this.root = Files.createDirectories(work.resolve("root"));
        grains.putAll(Map.ofEntries(Map.entry("id", "web1"), Map.entry("host", "web1"),
                Map.entry("fqdn", "web1.example.test"), Map.entry("domain", "example.test"), Map.entry("os", "Debian"),
                Map.entry("os_family", "Debian"), Map.entry("osfullname", "Debian GNU/Linux"),
                Map.entry("osrelease", "12"), Map.entry("osmajorrelease", 12), Map.entry("oscodename", "bookworm"),
                Map.entry("osfinger", "Debian-12"), Map.entry("osarch", "amd64"), Map.entry("cpuarch", "x86_64"),
                Map.entry("kernel", "Linux"), Map.entry("num_cpus", 2), Map.entry("mem_total", 2048),
                Map.entry("init", "sysvinit"), Map.entry("ipv4", List.of("127.0.0.1", "192.0.2.10"))));
    }

    /** Copies the fixture's tree into {@code work} and renders its pillar.example for the minion's grains. */
    static FormulaFixture load(String name, Path work) throws IOException {
        FormulaFixture f = new FormulaFixture(work);
        Path source;
        try {
            source = Path.of(FormulaFixture.class.getResource("/formulas/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IOException("no fixture " + name, e);
        }
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path target = f.tree.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        f.grains.put("fixture", new LinkedHashMap<>(Map.of("root", f.root.toString(), "id", f.id,
                "package", f.packageName, "service", f.id + "svc")));
        return f;
    }

    /** Renders {@code pillar.example} as the master renders pillar files; call after the grains are final. */
    FormulaFixture renderPillar() {
        Path file = tree.resolve("pillar.example");
        try {
            String text = new PillarTemplates().render(Files.readString(file), "pillar.example", List.of(tree),
                    Map.of("grains", grains, "minion_id", "web1"));
            Map<String, Object> data = YAML.readValue(text, new TypeReference<>() { });
            pillar.clear();
            if (data != null) {
                pillar.putAll(data);
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Makes the fixture's package installable from a local apt repository that apt alone sees. */
    FormulaFixture withPackage(Path work) throws IOException, InterruptedException {
        requireRoot();
        repo = new LocalAptRepo(work.resolve("apt"));
        repo.publish(repo.build(packageName, "1.0-1", Map.of()));
        runner = repo.confine(Runners.LOCAL);
        var update = runner.run(Command.of("apt-get", "update", "-q"));
        if (!update.ok()) {
            throw new IOException("apt-get update: " + update.diagnostic());
        }
        packageInstalled = true;
        return this;
    }

    /** Installs a real init script daemon named as the fixture's service, which the formula then manages. */
    FormulaFixture withService(Path work) throws IOException {
        requireRoot();
        assumeFalse(Files.isDirectory(Path.of("/run/systemd/system")), "the fixture services are sysvinit scripts");
        daemon = InitScriptDaemon.install(work);
        ((Map<String, Object>) grains.get("fixture")).put("service", daemon.name);
        return this;
    }

    /** True while the fixture's daemon runs. */
    boolean serviceRunning() throws IOException {
        return daemon != null && InitScriptDaemon.alive(daemon.pid());
    }

    /** Users and groups the formula will create, removed on close even if the test fails half-way. */
    FormulaFixture ownsUsers(String... names) {
        users.addAll(List.of(names));
        return this;
    }

    FormulaFixture ownsGroups(String... names) {
        groups.addAll(List.of(names));
        return this;
    }

    StateOutcome plan(String... sls) {
        return StateEngine.withInstalledFunctions().apply(job(true, sls));
    }

    StateOutcome apply(String... sls) {
        return StateEngine.withInstalledFunctions().apply(job(false, sls));
    }

    private StateJob job(boolean test, String... sls) {
        return new StateJob(List.of(sls), new DirectoryStateFiles(List.of(tree)), "web1", grains, pillar, test, runner);
    }

    /**
     * One line per state in run order, {@code key => result changes}, with the fixture's root, package, service and
     * id written as ROOT, PKG, SVC and ID so that expectations can be spelled out.
     */
    List<String> summary(StateOutcome out) {
        if (!out.errors().isEmpty()) {
            return List.of("errors: " + out.errors());
        }
        return out.states().entrySet().stream()
                .sorted(java.util.Comparator.comparingInt(e -> (Integer) e.getValue().get("__run_num__")))
                .map(e -> normalise(e.getKey() + " => " + e.getValue().get("result") + " " + e.getValue().get("changes")))
                .toList();
    }

    /** The comments of every state, normalised as {@link #summary} does, for failure messages. */
    String comments(StateOutcome out) {
        StringBuilder text = new StringBuilder();
        out.states().forEach((k, v) -> text.append(normalise(k + ": " + v.get("comment"))).append('\n'));
        return text.append(out.errors()).toString();
    }

    String normalise(String text) {
        String service = String.valueOf(((Map<?, ?>) grains.get("fixture")).get("service"));
        return text.replace(root.toString(), "ROOT").replace(packageName, "PKG").replace(service, "SVC")
                .replace(id, "ID");
    }

    static void requireRoot() {
        assumeTrue("root".equals(System.getProperty("user.name")), "applying a formula for real needs root");
    }

    @Override
    public void close() throws Exception {
        if (daemon != null) {
            daemon.remove();
        }
        for (String user : users) {
            quietly("userdel", "-r", "-f", user);
        }
        for (String group : groups) {
            quietly("groupdel", group);
        }
        if (packageInstalled) {
            quietly("dpkg", "--purge", packageName);
        }
    }

    private static void quietly(String... argv) throws IOException, InterruptedException {
        new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                .waitFor();
    }
}
