package io.brine.modules.accounts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What must change for an existing user to match a {@link UserRequest}, under the keys Salt's
 * user.present predicts ({@code uid}, {@code groups}, {@code homeDoesNotExist}, {@code passwd},
 * {@code mindays}, ...), plus the refusals: a uid or gid change not allowed by allow_uid_change or
 * allow_gid_change.
 *
 * <pre>{@code
 * UserChanges c = UserChanges.between(request, db, user, optionalGroups);
 * if (!c.refusals().isEmpty()) return StateResult.failed(...);
 * }</pre>
 */
record UserChanges(Map<String, Object> changes, List<String> refusals) {
    /** Shadow aging arguments and the shadow.info key each is compared with. */
    static final Map<String, String> SHADOW_KEYS = Map.of("date", "lstchg", "mindays", "min", "maxdays", "max",
            "inactdays", "inact", "warndays", "warn", "expire", "expire");

    static UserChanges between(UserRequest want, AccountDatabase db, AccountDatabase.User u,
            List<String> presentOptionalGroups) throws IOException, InterruptedException {
        Map<String, Object> changes = new LinkedHashMap<>();
        List<String> refusals = new ArrayList<>();
        if (want.uid().isPresent() && want.uid().get() != u.uid()) {
            changes.put("uid", want.uid().get());
            if (!want.allowUidChange()) {
                refusals.add(refusal("uid", u.uid(), want.uid().get()));
            }
        }
        Optional<String> gid = primaryGroup(want, db);
        Optional<Long> wantedGid = gid.isEmpty() ? Optional.empty() : db.gid(gid.get());
        if (gid.isPresent() && !wantedGid.equals(Optional.of(u.gid()))) {
            changes.put("gid", gid.get());
            if (!want.allowGidChange()) {
                refusals.add(refusal("gid", u.gid(), gid.get()));
            }
        }
        groups(want, db, u, gid, presentOptionalGroups).ifPresent(g -> changes.put("groups", g));
        want.home().filter(h -> !h.equals(u.home())).ifPresent(h -> changes.put("home", h));
        if (want.createhome()) {
            String home = want.home().orElse(u.home());
            if (!Files.isDirectory(Path.of(home))) {
                changes.put("homeDoesNotExist", home);
            }
        }
        want.shell().filter(s -> !s.equals(u.shell())).ifPresent(s -> changes.put("shell", s));
        shadow(want, db.shadow(u.name()), changes);
        Gecos have = Gecos.parse(u.gecos());
        for (String field : Gecos.FIELDS) {
            String value = want.gecos().get(field);
            if (value != null && !value.equals(have.get(field))) {
                changes.put(field, value);
            }
        }
        return new UserChanges(changes, refusals);
    }

    /** The primary group asked for: gid, or with usergroup the group named as the user, if there is one. */
    static Optional<String> primaryGroup(UserRequest want, AccountDatabase db) throws IOException,
            InterruptedException {
        if (want.usergroup().orElse(false) && db.group(want.name()).isPresent()) {
            return Optional.of(want.name());
        }
        return want.gid();
    }

    private static String refusal(String what, long from, Object to) {
        return "Changing " + what + " (" + from + " -> " + to + ") not permitted: set allow_" + what + "_change to "
                + "True to force it (file ownership is not changed)";
    }

    /**
     * The supplementary groups to set, or empty for no change. The primary group never counts, nor a
     * group named as the user unless asked for; unset {@code groups} means the user's current ones.
     */
    private static Optional<List<String>> groups(UserRequest want, AccountDatabase db, AccountDatabase.User u,
            Optional<String> gid, List<String> presentOptional) throws IOException, InterruptedException {
        List<String> current = db.allGroups(u);
        TreeSet<String> wanted = new TreeSet<>(want.groups().orElse(current));
        wanted.addAll(presentOptional);
        String oldPrimary = groupName(db, Long.toString(u.gid()));
        String primary = gid.isPresent() ? groupName(db, gid.get()) : oldPrimary;
        TreeSet<String> have = new TreeSet<>(current);
        have.remove(primary);
        have.remove(oldPrimary);
        if (!wanted.contains(u.name())) {
            have.remove(u.name());
        }
        wanted.remove(primary);
        boolean differs = want.removeGroups() ? !have.equals(wanted) : !have.containsAll(wanted);
        return differs ? Optional.of(List.copyOf(wanted)) : Optional.empty();
    }

    private static String groupName(AccountDatabase db, String nameOrGid) throws IOException, InterruptedException {
        return db.group(nameOrGid).map(AccountDatabase.Group::name).orElse(nameOrGid);
    }

    private static void shadow(UserRequest want, Optional<AccountDatabase.Shadow> found, Map<String, Object> changes) {
        if (found.isEmpty()) {
            return;
        }
        AccountDatabase.Shadow sh = found.get();
        Optional<String> password = want.password();
        // a locked, never-set password ("!") is always replaced; a set one only with enforce_password
        if (password.isPresent() && !want.emptyPassword() && (sh.passwd().equals("!") || want.enforcePassword())
                && !password.get().equals(sh.passwd())) {
            changes.put("passwd", password.get());
        }
        if (want.emptyPassword() && !sh.passwd().isEmpty()) {
            changes.put("empty_password", true);
        }
        Map<String, Object> have = sh.asMap();
        want.aging().forEach((key, value) -> {
            if (!value.equals(have.get(SHADOW_KEYS.get(key)))) {
                changes.put(key, value);
            }
        });
    }
}
