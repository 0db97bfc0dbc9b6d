package io.brine.modules.accounts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Carries out what {@link UserPresent} decided, and reports it as Salt does: the user's
 * {@code user.info} (and for a change, the {@code shadow.info} keys that moved), with the password
 * hash never shown.
 */
record UserAccounts(AccountDatabase db, ShadowUtils shadow) {
    /** Makes the user; the changes are everything user.info shows plus the password and aging asked for. */
    Map<String, Object> create(UserRequest want, List<String> groups) throws IOException, InterruptedException {
        Optional<String> gecos = want.gecos().isEmpty() ? Optional.empty()
                : Optional.of(gecosWith(Gecos.parse(""), want.gecos()).text());
        shadow.addUser(new ShadowUtils.NewUser(want.name(), want.uid(), want.gid(), want.home(), want.createhome(),
                want.shell(), gecos, groups, want.system(), want.usergroup(), want.nologinit(), want.unique()));
        Map<String, Object> changes = new LinkedHashMap<>(db.info(want.name())
                .orElseThrow(() -> new IOException("useradd did not create " + want.name())));
        if (!want.createhome()) {
            changes.put("home", ""); // as Salt reports a user made without a home directory
        }
        if (want.emptyPassword()) {
            shadow.deletePassword(want.name());
            changes.put("password", "");
        } else if (want.password().isPresent()) {
            shadow.setPasswordHash(want.name(), want.password().get());
            changes.put("password", UserPresent.REDACTED);
        }
        shadow.changeAging(want.name(), agingOptions(want, want.aging().keySet()));
        changes.putAll(want.aging());
        return changes;
    }

    /** What test mode reports for a user that would be made: the attributes asked for, under user.info's keys. */
    static Map<String, Object> predictedNewUser(UserRequest want, List<String> groups) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", want.name());
        want.uid().ifPresent(v -> out.put("uid", v));
        want.gid().ifPresent(v -> out.put("gid", v));
        want.home().ifPresent(v -> out.put("home", v));
        want.shell().ifPresent(v -> out.put("shell", v));
        out.putAll(want.gecos());
        if (!groups.isEmpty()) {
            out.put("groups", groups);
        }
        if (want.emptyPassword()) {
            out.put("password", "");
        } else if (want.password().isPresent()) {
            out.put("password", UserPresent.REDACTED);
        }
        out.putAll(want.aging());
        return out;
    }

    /**
     * Makes the changes {@link UserChanges} found, primary group before supplementary ones as Salt
     * orders them, and returns what user.info and shadow.info show differently afterwards.
     */
    Map<String, Object> modify(UserRequest want, AccountDatabase.User user, Map<String, Object> needed)
            throws IOException, InterruptedException {
        String name = user.name();
        Map<String, Object> before = snapshot(name);
        shadow.modifyUser(name, usermodOptions(user, needed));
        if (needed.containsKey("groups")) {
            @SuppressWarnings("unchecked")
            List<String> groups = (List<String>) needed.get("groups");
            shadow.setGroups(name, groups, !want.removeGroups());
        }
        if (needed.containsKey("passwd")) {
            shadow.setPasswordHash(name, (String) needed.get("passwd"));
        }
        if (needed.containsKey("empty_password")) {
            shadow.deletePassword(name);
        }
        shadow.changeAging(name, agingOptions(want, needed.keySet()));
        boolean madeHome = needed.containsKey("homeDoesNotExist") && makeHome(name, (String) needed.get("homeDoesNotExist"));
        Map<String, Object> after = snapshot(name);
        Map<String, Object> changes = new LinkedHashMap<>();
        after.forEach((key, value) -> {
            if (!value.equals(before.get(key))) {
                changes.put(key, key.equals("shadow.passwd") ? UserPresent.REDACTED : value);
            }
        });
        Map<String, Object> reported = new LinkedHashMap<>();
        changes.forEach((key, value) -> reported.put(key.startsWith("shadow.") ? key.substring(7) : key, value));
        if (madeHome) {
            reported.putIfAbsent("home", needed.get("homeDoesNotExist")); // a new directory is a change too
        }
        return reported;
    }

    /** user.info and shadow.info in one map, shadow keys prefixed, since both have {@code name} and {@code passwd}. */
    private Map<String, Object> snapshot(String name) throws IOException, InterruptedException {
        Map<String, Object> out = new LinkedHashMap<>(db.info(name).orElseThrow(() -> new IOException("no user " + name)));
        db.shadow(name).ifPresent(s -> s.asMap().forEach((k, v) -> out.put("shadow." + k, v)));
        return out;
    }

    private static List<String> usermodOptions(AccountDatabase.User user, Map<String, Object> needed) {
        List<String> options = new ArrayList<>();
        if (needed.containsKey("uid")) {
            options.addAll(List.of("-u", needed.get("uid").toString()));
        }
        if (needed.containsKey("gid")) {
            options.addAll(List.of("-g", needed.get("gid").toString()));
        }
        Object home = needed.containsKey("home") ? needed.get("home") : needed.get("homeDoesNotExist");
        if (home != null && !home.equals(user.home())) {
            options.addAll(List.of("-d", home.toString()));
        }
        if (needed.containsKey("shell")) {
            options.addAll(List.of("-s", needed.get("shell").toString()));
        }
        Map<String, String> gecos = new LinkedHashMap<>();
        for (String field : Gecos.FIELDS) {
            if (needed.containsKey(field)) {
                gecos.put(field, needed.get(field).toString());
            }
        }
        if (!gecos.isEmpty()) {
            options.addAll(List.of("-c", gecosWith(Gecos.parse(user.gecos()), gecos).text()));
        }
        return options;
    }

    private static Gecos gecosWith(Gecos base, Map<String, String> fields) {
        Gecos out = base;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            out = out.with(e.getKey(), e.getValue());
        }
        return out;
    }

    /** chage options for the aging arguments among {@code keys}, in Salt's order. */
    private static List<String> agingOptions(UserRequest want, java.util.Set<String> keys) {
        List<String> options = new ArrayList<>();
        UserRequest.AGING_OPTIONS.forEach((key, flag) -> {
            if (keys.contains(key) && want.aging().containsKey(key)) {
                options.addAll(List.of(flag, want.aging().get(key).toString()));
            }
        });
        return options;
    }

    /** A missing home directory, made 0755 and owned by the user, as Salt's createhome does for existing users. */
    private boolean makeHome(String name, String home) throws IOException, InterruptedException {
        Path dir = Path.of(home);
        if (Files.isDirectory(dir)) {
            return false;
        }
        AccountDatabase.User u = db.user(name).orElseThrow(() -> new IOException("no user " + name));
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setAttribute(dir, "unix:uid", (int) u.uid());
        Files.setAttribute(dir, "unix:gid", (int) u.gid());
        return true;
    }
}
