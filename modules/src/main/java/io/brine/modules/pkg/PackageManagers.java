package io.brine.modules.pkg;

import io.brine.functions.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Chooses the package provider from the {@code os_family} grain, as Salt does: apt/dpkg for the
 * Debian family, dnf (or yum where dnf is absent) for RedHat, apk for Alpine.
 */
final class PackageManagers {
    private PackageManagers() {}

    /** The provider's name for an os family, given which programs exist; empty when unsupported. */
    static Optional<String> choose(String osFamily, Predicate<String> onPath) {
        return switch (osFamily) {
            case "Debian" -> Optional.of("apt");
            case "RedHat" -> Optional.of(onPath.test("dnf") ? "dnf" : "yum");
            case "Alpine" -> Optional.of("apk");
            default -> Optional.empty();
        };
    }

    static Optional<PackageManager> forGrains(Map<String, Object> grains, CommandRunner commands) {
        String family = String.valueOf(grains.getOrDefault("os_family", ""));
        return choose(family, PackageManagers::onPath).map(name -> switch (name) {
            case "apt" -> new AptPackages(commands);
            case "apk" -> new ApkPackages(commands);
            default -> new RpmPackages(commands, name);
        });
    }

    static boolean onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
