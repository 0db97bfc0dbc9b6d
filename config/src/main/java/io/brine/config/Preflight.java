package io.brine.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The checks a daemon runs after reading its configuration and before it creates anything on disk or listens:
 * each problem is one line naming the configuration file (with the key's line, when the key is in the file), the
 * key, and the address or path:
 *
 * <pre>
 * /etc/brine/master.yaml:3: ret_port: 127.0.0.1:4506 is already in use
 * /etc/brine/master.yaml:2: interface: 10.9.9.9 is not an address of this host
 * /etc/brine/master.yaml: cachedir: permission denied on /var/cache/brine (cannot create /var/cache/brine/master)
 * </pre>
 *
 * (no line: the key is not in the file and its default is used). Example:
 * <pre>{@code
 * ConfigFile file = ConfigFile.load(path);
 * new Preflight(file, checks).require();   // throws ConfigException with the first problem
 * }</pre>
 */
public final class Preflight {
    private final ConfigFile file;
    private final List<SettingCheck> checks;

    public Preflight(ConfigFile file, List<SettingCheck> checks) {
        this.file = Objects.requireNonNull(file, "file");
        this.checks = List.copyOf(checks);
    }

    /** Runs every check; returns the failures, each as its one-line message. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        for (SettingCheck c : checks) {
            Finding f = c.run();
            if (f.failed()) {
                out.add(message(file, c.key(), f.detail()));
            }
        }
        return out;
    }

    /** Runs the checks in order and throws at the first failure: the one line an operator fixes first. */
    public void require() {
        for (SettingCheck c : checks) {
            Finding f = c.run();
            if (f.failed()) {
                throw new ConfigException(message(file, c.key(), f.detail()));
            }
        }
    }

    /**
     * The message for a problem with {@code key} (a nested key such as {@code api.port} is found at the line of
     * its top-level key): {@code FILE[:LINE]: KEY: DETAIL}.
     */
    public static String message(ConfigFile file, String key, String detail) {
        int dot = key.indexOf('.');
        return file.where(dot < 0 ? key : key.substring(0, dot)) + ": " + key + ": " + detail;
    }
}
