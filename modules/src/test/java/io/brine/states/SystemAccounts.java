package io.brine.states;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Unique throwaway users and groups for tests that need real ownership, removed again by
 * {@link #removeAll()}: only what this instance created is ever removed.
 */
public final class SystemAccounts {
    private final List<String> users = new ArrayList<>();
    private final List<String> groups = new ArrayList<>();

    public static String uniqueName() {
        return "brinetest" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    }

    /** A new system user without a home, with its own group of the same name. */
    public String newUser() throws IOException, InterruptedException {
        String name = uniqueName();
        run("useradd", "-M", "-U", "-s", "/usr/sbin/nologin", name);
        users.add(name);
        return name;
    }

    /** Remember a user a state created, so it is cleaned up too. */
    public String track(String user) {
        users.add(user);
        return user;
    }

    public String trackGroup(String group) {
        groups.add(group);
        return group;
    }

    public void removeAll() throws IOException, InterruptedException {
        for (String user : users) {
            if (exists("passwd", user)) {
                run("userdel", "-f", user);
            }
        }
        for (String group : groups) {
            if (exists("group", group)) {
                run("groupdel", group);
            }
        }
        for (String user : users) {
            if (exists("group", user)) {
                run("groupdel", user);
            }
        }
        users.clear();
        groups.clear();
    }

    public static boolean exists(String database, String key) throws IOException, InterruptedException {
        return new ProcessBuilder("getent", database, key).start().waitFor() == 0;
    }

    private static void run(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", argv) + " failed: " + out);
        }
    }
}
