package io.brine.modules.accounts;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Reads users and groups through getent(1), which sees whatever NSS sees (/etc/passwd and
 * /etc/group here), rather than parsing the files directly. Changes go through {@link ShadowUtils}.
 */
public final class AccountDatabase {
    public record User(String name, long uid, long gid, String gecos, String home, String shell) {}

    record Group(String name, long gid, List<String> members) {}

    /** A shadow entry; an empty number field is -1, as Salt's shadow.info reports it. */
    record Shadow(String name, String passwd, long lstchg, long min, long max, long warn, long inact, long expire) {
        /** Under the keys of Salt's {@code shadow.info}. */
        Map<String, Object> asMap() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("name", name);
            out.put("passwd", passwd);
            out.put("lstchg", lstchg);
            out.put("min", min);
            out.put("max", max);
            out.put("warn", warn);
            out.put("inact", inact);
            out.put("expire", expire);
            return out;
        }
    }

    private final CommandRunner commands;

    public AccountDatabase(CommandRunner commands) {
        this.commands = commands;
    }

    public Optional<User> user(String name) throws IOException, InterruptedException {
        Optional<String[]> f = entry("passwd", name, 7);
        return f.map(x -> new User(x[0], Long.parseLong(x[2]), Long.parseLong(x[3]), x[4], x[5], x[6]));
    }

    Optional<Group> group(String nameOrGid) throws IOException, InterruptedException {
        Optional<String[]> f = entry("group", nameOrGid, 4);
        return f.map(x -> new Group(x[0], Long.parseLong(x[2]),
                x[3].isEmpty() ? List.of() : List.of(x[3].split(","))));
    }

    /** The user's supplementary groups (every group listing it as a member), sorted. */
    List<String> supplementaryGroups(String user) throws IOException, InterruptedException {
        CommandResult r = commands.run("getent", "group");
        List<String> out = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            String[] f = line.split(":", -1);
            if (f.length >= 4 && Arrays.asList(f[3].split(",")).contains(user)) {
                out.add(f[0]);
            }
        }
        out.sort(null);
        return out;
    }

    Optional<String> passwordHash(String user) throws IOException, InterruptedException {
        return entry("shadow", user, 2).map(x -> x[1]);
    }

    Optional<Shadow> shadow(String user) throws IOException, InterruptedException {
        return entry("shadow", user, 8).map(x -> new Shadow(x[0], x[1], days(x[2]), days(x[3]), days(x[4]), days(x[5]),
                days(x[6]), days(x[7])));
    }

    private static long days(String field) {
        return field.isEmpty() ? -1 : Long.parseLong(field);
    }

    /** Every group of the user, its primary group included, sorted: what Salt's user.info lists. */
    List<String> allGroups(User u) throws IOException, InterruptedException {
        TreeSet<String> groups = new TreeSet<>(supplementaryGroups(u.name()));
        group(Long.toString(u.gid())).ifPresent(g -> groups.add(g.name()));
        return List.copyOf(groups);
    }

    /** The user under the keys of Salt's {@code user.info}, GECOS split into its five fields; empty for no user. */
    Optional<Map<String, Object>> info(String name) throws IOException, InterruptedException {
        Optional<User> found = user(name);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        User u = found.get();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", u.name());
        out.put("passwd", "x");
        out.put("uid", u.uid());
        out.put("gid", u.gid());
        out.put("home", u.home());
        out.put("shell", u.shell());
        out.putAll(Gecos.parse(u.gecos()).asMap());
        out.put("groups", allGroups(u));
        return Optional.of(out);
    }

    private Optional<String[]> entry(String database, String key, int fields) throws IOException, InterruptedException {
        CommandResult r = commands.run("getent", database, key);
        if (!r.ok()) {
            return Optional.empty();
        }
        String[] f = r.stdout().strip().split("\n")[0].split(":", -1);
        return f.length >= fields ? Optional.of(f) : Optional.empty();
    }

    /** A group id given as a number or a group name; empty for a name no group has. */
    Optional<Long> gid(String nameOrNumber) throws IOException, InterruptedException {
        if (nameOrNumber.matches("\\d+")) {
            return Optional.of(Long.parseLong(nameOrNumber));
        }
        return group(nameOrNumber).map(Group::gid);
    }

    /** Names given as a list, as comma-separated text (Salt accepts both), or a mix, without empties. */
    static List<String> names(List<String> given) {
        List<String> out = new ArrayList<>();
        for (String item : given) {
            for (String name : item.split(",")) {
                if (!name.isBlank()) {
                    out.add(name.strip());
                }
            }
        }
        return out;
    }

    /** Every user name NSS knows, sorted. */
    List<String> userNames() throws IOException, InterruptedException {
        CommandResult r = commands.run("getent", "passwd");
        List<String> out = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            String[] f = line.split(":", -1);
            if (f.length >= 7 && !f[0].isEmpty()) {
                out.add(f[0]);
            }
        }
        out.sort(null);
        return out;
    }
}
