package io.brine.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One real {@code brine minion} process per minion ({@code --processes}), as Salt runs its minions. */
final class MinionProcesses implements Swarm {
    private final List<JavaProcess> processes;

    private MinionProcesses(List<JavaProcess> processes) {
        this.processes = processes;
    }

    static MinionProcesses start(BenchOptions options, Path root, int masterPort, List<String> ids)
            throws IOException {
        List<JavaProcess> started = new ArrayList<>();
        for (String id : ids) {
            Path yaml = MinionDirs.yaml(root, id, masterPort);
            started.add(startMinion(options, yaml, MinionDirs.dir(root, id).resolve("minion.log")));
        }
        return new MinionProcesses(started);
    }

    static JavaProcess startMinion(BenchOptions options, Path yaml, Path log) throws IOException {
        return BrineProcess.start(options, List.of("minion", "-c", yaml.toString(), "--log-level", "warning"), log);
    }

    @Override
    public int size() {
        return processes.size();
    }

    @Override
    public void close() {
        processes.forEach(JavaProcess::terminate);
    }
}
