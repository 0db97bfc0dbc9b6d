package io.brine.modules.pkg;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The RedHat family: rpm for queries, dnf (or yum on older systems) for changes. Versions are
 * {@code version-release}; epochs are not compared.
 */
final class RpmPackages implements PackageManager {
    private final Tool tool;
    private final String frontend;

    RpmPackages(CommandRunner commands, String frontend) {
        this.tool = new Tool(commands);
        this.frontend = frontend;
    }

    @Override
    public String name() {
        return frontend;
    }

    @Override
    public Optional<String> installedVersion(String pkg) throws IOException, InterruptedException {
        CommandResult r = tool.run(List.of("rpm", "-q", "--qf", "%{VERSION}-%{RELEASE}", pkg));
        return r.ok() ? Optional.of(r.stdout().strip()) : Optional.empty();
    }

    @Override
    public Optional<String> candidateVersion(String pkg) throws IOException, InterruptedException {
        List<String> argv = frontend.equals("dnf")
                ? List.of("dnf", "-q", "repoquery", "--latest-limit=1", "--qf", "%{version}-%{release}", pkg)
                : List.of("repoquery", "-q", "--qf", "%{version}-%{release}", pkg);
        CommandResult r = tool.run(argv);
        String v = r.stdout().strip();
        return r.ok() && !v.isEmpty() ? Optional.of(v.lines().reduce((a, b) -> b).orElse(v)) : Optional.empty();
    }

    @Override
    public void refresh() throws IOException, InterruptedException {
        tool.mustRun(List.of(frontend, "-q", "-y", "makecache"));
    }

    @Override
    public void install(List<Request> requests, String fromRepo) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(frontend, "install", "-y", "-q"));
        if (fromRepo != null) {
            argv.addAll(List.of("--disablerepo=*", "--enablerepo=" + fromRepo));
        }
        requests.forEach(r -> argv.add(r.version() == null ? r.name() : r.name() + "-" + r.version()));
        tool.mustRun(argv);
    }

    @Override
    public void installFiles(List<Path> files) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(frontend, "install", "-y", "-q"));
        files.forEach(f -> argv.add(f.toString()));
        tool.mustRun(argv);
    }

    @Override
    public void remove(List<String> packages) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(frontend, "remove", "-y", "-q"));
        argv.addAll(packages);
        tool.mustRun(argv);
    }

    /** rpm keeps no configuration apart from its package, so purging is removing. */
    @Override
    public void purge(List<String> packages) throws IOException, InterruptedException {
        remove(packages);
    }

    @Override
    public SortedMap<String, String> listInstalled() throws IOException, InterruptedException {
        String out = tool.mustRun(List.of("rpm", "-qa", "--qf", "%{NAME}\t%{VERSION}-%{RELEASE}\n"));
        SortedMap<String, String> installed = new TreeMap<>();
        for (String line : out.split("\n")) {
            String[] f = line.split("\t");
            if (f.length == 2) {
                installed.merge(f[0], f[1], (a, b) -> a + "," + b);
            }
        }
        return installed;
    }

    /** dnf and yum may always pull in or drop packages an upgrade needs, so {@code dist} changes nothing. */
    @Override
    public void upgrade(boolean dist) throws IOException, InterruptedException {
        tool.mustRun(List.of(frontend, "upgrade", "-y", "-q"));
    }

    @Override
    public LocalPackage inspect(Path file) throws IOException, InterruptedException {
        String[] f = tool.mustRun(List.of("rpm", "-qp", "--qf", "%{NAME} %{VERSION}-%{RELEASE}", file.toString())).strip().split(" ");
        if (f.length != 2) {
            throw new IOException(file + " is not an rpm package");
        }
        return new LocalPackage(f[0], f[1]);
    }
}
