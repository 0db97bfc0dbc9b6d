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

/** Alpine's apk. {@code apk list} prints {@code name-version-rN arch {origin} (license) [installed]}. */
final class ApkPackages implements PackageManager {
    private final Tool tool;

    ApkPackages(CommandRunner commands) {
        this.tool = new Tool(commands);
    }

    @Override
    public String name() {
        return "apk";
    }

    @Override
    public Optional<String> installedVersion(String pkg) throws IOException, InterruptedException {
        return versionIn(tool.run(List.of("apk", "list", "--installed", pkg)), pkg);
    }

    @Override
    public Optional<String> candidateVersion(String pkg) throws IOException, InterruptedException {
        return versionIn(tool.run(List.of("apk", "list", pkg)), pkg);
    }

    private static Optional<String> versionIn(CommandResult r, String pkg) {
        for (String line : r.stdout().split("\n")) {
            String first = line.split(" ", 2)[0];
            if (first.startsWith(pkg + "-") && Character.isDigit(first.charAt(pkg.length() + 1))) {
                return Optional.of(first.substring(pkg.length() + 1));
            }
        }
        return Optional.empty();
    }

    @Override
    public void refresh() throws IOException, InterruptedException {
        tool.mustRun(List.of("apk", "update", "-q"));
    }

    @Override
    public void install(List<Request> requests, String fromRepo) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("apk", "add", "-q"));
        if (fromRepo != null) {
            argv.addAll(List.of("--repository", fromRepo));
        }
        requests.forEach(r -> argv.add(r.version() == null ? r.name() : r.name() + "=" + r.version()));
        tool.mustRun(argv);
    }

    @Override
    public void installFiles(List<Path> files) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("apk", "add", "-q", "--allow-untrusted"));
        files.forEach(f -> argv.add(f.toString()));
        tool.mustRun(argv);
    }

    @Override
    public void remove(List<String> packages) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("apk", "del", "-q"));
        argv.addAll(packages);
        tool.mustRun(argv);
    }

    /** apk keeps no configuration apart from its package, so purging is removing. */
    @Override
    public void purge(List<String> packages) throws IOException, InterruptedException {
        remove(packages);
    }

    /**
     * {@code apk info -v} prints {@code name-version-rN}; names may hold dashes but versions and
     * releases never do, so the name ends at the second dash from the right.
     */
    @Override
    public SortedMap<String, String> listInstalled() throws IOException, InterruptedException {
        SortedMap<String, String> installed = new TreeMap<>();
        for (String line : tool.mustRun(List.of("apk", "info", "-v")).split("\n")) {
            int release = line.lastIndexOf('-');
            int version = release > 0 ? line.lastIndexOf('-', release - 1) : -1;
            if (version > 0) {
                installed.merge(line.substring(0, version), line.substring(version + 1).strip(), (a, b) -> a + "," + b);
            }
        }
        return installed;
    }

    /** apk may always add or drop packages an upgrade needs, so {@code dist} changes nothing. */
    @Override
    public void upgrade(boolean dist) throws IOException, InterruptedException {
        tool.mustRun(List.of("apk", "upgrade", "-q"));
    }

    @Override
    public LocalPackage inspect(Path file) throws IOException, InterruptedException {
        String info = tool.mustRun(List.of("tar", "-xzOf", file.toString(), ".PKGINFO"));
        String name = null;
        String version = null;
        for (String line : info.split("\n")) {
            if (line.startsWith("pkgname = ")) {
                name = line.substring(10).strip();
            } else if (line.startsWith("pkgver = ")) {
                version = line.substring(9).strip();
            }
        }
        if (name == null || version == null) {
            throw new IOException(file + " is not an apk package");
        }
        return new LocalPackage(name, version);
    }
}
