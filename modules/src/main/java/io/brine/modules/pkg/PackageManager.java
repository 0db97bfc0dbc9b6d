package io.brine.modules.pkg;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/** One platform's package tool, behind the small interface the pkg states and functions need. */
interface PackageManager {
    /** A package to install; a null version means any (or, for pkg.latest, the newest). */
    record Request(String name, String version) {
        public Request {
            requireName(name);
        }
    }

    /**
     * Refuses what is not a package name before it reaches a tool's argv: apt-get, dnf and apk take a word starting
     * with '-' as an option, and options such as apt's {@code -oDPkg::Pre-Invoke::=CMD} or dnf's {@code --setopt}
     * run other programs.
     *
     * @throws IllegalArgumentException naming the word
     */
    static String requireName(String name) {
        if (name == null || name.isBlank() || name.startsWith("-")
                || !name.codePoints().allMatch(c -> c > ' ' && c != 0x7f)) {
            throw new IllegalArgumentException("'" + name + "' is not a package name: a name is one word and does not "
                    + "start with '-'");
        }
        return name;
    }

    /** A local package file's own name and version. */
    record LocalPackage(String name, String version) {}

    String name();

    Optional<String> installedVersion(String pkg) throws IOException, InterruptedException;

    /** The version the repositories would install now, if they know the package. */
    Optional<String> candidateVersion(String pkg) throws IOException, InterruptedException;

    void refresh() throws IOException, InterruptedException;

    default void install(List<Request> requests) throws IOException, InterruptedException {
        install(requests, null);
    }

    /**
     * Installs from the one repository or release named (Salt's {@code fromrepo}: apt's {@code -t RELEASE}, dnf's
     * {@code --repo}, apk's {@code --repository}); null for the usual ones.
     */
    void install(List<Request> requests, String fromRepo) throws IOException, InterruptedException;

    void installFiles(List<Path> files) throws IOException, InterruptedException;

    void remove(List<String> packages) throws IOException, InterruptedException;

    /** True for a package removed but whose configuration files remain, which only a purge deletes (apt). */
    default boolean hasLeftovers(String pkg) throws IOException, InterruptedException {
        return false;
    }

    /** Removes packages and their configuration files where the platform keeps them apart (apt); else removes. */
    void purge(List<String> packages) throws IOException, InterruptedException;

    /**
     * Every installed package, sorted by name, with its version; several installed versions of one
     * package (rpm's kernels) are joined by commas, as Salt's {@code pkg.list_pkgs} shows them.
     */
    SortedMap<String, String> listInstalled() throws IOException, InterruptedException;

    /**
     * Upgrades every installed package the repositories have newer versions of. {@code dist} also
     * lets the upgrade install or remove packages (apt's dist-upgrade); other tools always may.
     */
    void upgrade(boolean dist) throws IOException, InterruptedException;

    LocalPackage inspect(Path file) throws IOException, InterruptedException;
}
