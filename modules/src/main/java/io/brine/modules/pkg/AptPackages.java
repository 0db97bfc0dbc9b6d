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
 * Debian's tools: dpkg-query for what is installed, apt-cache for candidates, apt-get to install
 * from repositories and dpkg to install local files (sources). Existing configuration files are
 * kept on upgrade ({@code --force-confold}), since a state usually manages them separately.
 */
final class AptPackages implements PackageManager {
    private final Tool tool;

    AptPackages(CommandRunner commands) {
        this.tool = new Tool(commands);
    }

    @Override
    public String name() {
        return "apt";
    }

    @Override
    public Optional<String> installedVersion(String pkg) throws IOException, InterruptedException {
        CommandResult r = tool.run(List.of("dpkg-query", "-W", "-f=${Status}|${Version}", pkg));
        if (!r.ok()) {
            return Optional.empty();
        }
        String[] parts = r.stdout().strip().split("\\|", 2);
        return parts.length == 2 && parts[0].endsWith(" installed") ? Optional.of(parts[1]) : Optional.empty();
    }

    @Override
    public boolean hasLeftovers(String pkg) throws IOException, InterruptedException {
        CommandResult r = tool.run(List.of("dpkg-query", "-W", "-f=${Status}", pkg));
        return r.ok() && r.stdout().strip().endsWith(" config-files");
    }

    @Override
    public Optional<String> candidateVersion(String pkg) throws IOException, InterruptedException {
        CommandResult r = tool.run(List.of("apt-cache", "policy", pkg));
        for (String line : r.stdout().split("\n")) {
            String t = line.strip();
            if (t.startsWith("Candidate:")) {
                String v = t.substring("Candidate:".length()).strip();
                return v.equals("(none)") || v.isEmpty() ? Optional.empty() : Optional.of(v);
            }
        }
        return Optional.empty();
    }

    @Override
    public void refresh() throws IOException, InterruptedException {
        tool.mustRun(List.of("apt-get", "update", "-q"));
    }

    @Override
    public void install(List<Request> requests, String fromRepo) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("apt-get", "install", "-y", "-q", "-o", "DPkg::Options::=--force-confold"));
        if (fromRepo != null) {
            argv.addAll(List.of("-t", fromRepo));
        }
        requests.forEach(r -> argv.add(r.version() == null ? r.name() : r.name() + "=" + r.version()));
        tool.mustRun(argv);
    }

    @Override
    public void installFiles(List<Path> files) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("dpkg", "--force-confold", "-i"));
        files.forEach(f -> argv.add(f.toString()));
        tool.mustRun(argv);
    }

    @Override
    public void remove(List<String> packages) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("apt-get", "remove", "-y", "-q"));
        argv.addAll(packages);
        tool.mustRun(argv);
    }

    @Override
    public void purge(List<String> packages) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("apt-get", "purge", "-y", "-q"));
        argv.addAll(packages);
        tool.mustRun(argv);
    }

    /** Packages of a foreign architecture are named {@code name:arch}, as Salt names them. */
    @Override
    public SortedMap<String, String> listInstalled() throws IOException, InterruptedException {
        String nativeArch = tool.mustRun(List.of("dpkg", "--print-architecture")).strip();
        String out = tool.mustRun(List.of("dpkg-query", "-W", "-f=${Status}\t${Package}\t${Architecture}\t${Version}\n"));
        SortedMap<String, String> installed = new TreeMap<>();
        for (String line : out.split("\n")) {
            String[] f = line.split("\t");
            if (f.length != 4 || !f[0].endsWith(" installed")) {
                continue;
            }
            String name = f[2].equals(nativeArch) || f[2].equals("all") ? f[1] : f[1] + ":" + f[2];
            installed.merge(name, f[3], (a, b) -> a + "," + b);
        }
        return installed;
    }

    @Override
    public void upgrade(boolean dist) throws IOException, InterruptedException {
        tool.mustRun(List.of("apt-get", "-y", "-q", "-o", "DPkg::Options::=--force-confold", "-o", "DPkg::Options::=--force-confdef",
                dist ? "dist-upgrade" : "upgrade"));
    }

    @Override
    public LocalPackage inspect(Path file) throws IOException, InterruptedException {
        String out = tool.mustRun(List.of("dpkg-deb", "-f", file.toString(), "Package", "Version"));
        String name = null;
        String version = null;
        for (String line : out.split("\n")) {
            if (line.startsWith("Package:")) {
                name = line.substring(8).strip();
            } else if (line.startsWith("Version:")) {
                version = line.substring(8).strip();
            }
        }
        if (name == null || version == null) {
            throw new IOException(file + " is not a Debian package");
        }
        return new LocalPackage(name, version);
    }
}
