package io.brine.modules.file;

import io.brine.functions.Arguments;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The owner, group and mode a state asks for (each optional), compared with and applied to a path
 * without following a final symlink, so a link's own ownership is what gets changed. The one place owners are
 * looked up and set: {@code file.chown} and {@code file.mkdir} set them through a directory handle with
 * {@link #setOwners}.
 */
record Ownership(String user, String group, Integer mode) {
    static Ownership of(Arguments args, String modeKey) {
        return new Ownership(args.string("user"), args.string("group"), Modes.parse(args.string(modeKey)));
    }

    Ownership withMode(Integer newMode) {
        return new Ownership(user, group, newMode);
    }

    boolean isEmpty() {
        return user == null && group == null && mode == null;
    }

    /**
     * A reason the request cannot be met (an unknown user or group), or empty. In test mode a user or group that a
     * state earlier in the run would create is no problem: the prediction is that the state will act.
     */
    Optional<String> problem(io.brine.functions.StateContext ctx) {
        Optional<String> problem = problem();
        boolean userComing = user != null && ctx.pending().willApply("user.present", user);
        boolean groupComing = group != null && (ctx.pending().willApply("group.present", group)
                || ctx.pending().willApply("user.present", group));
        if (problem.isPresent() && ctx.test()
                && (problem.get().startsWith("User ") && userComing || problem.get().startsWith("Group ") && groupComing)) {
            // whichever was reported first is coming; the other must stand on its own
            Ownership rest = new Ownership(userComing ? null : user, groupComing ? null : group, mode);
            return rest.problem();
        }
        return problem;
    }

    /** A reason the request cannot be met (an unknown user or group), or empty. */
    Optional<String> problem() {
        UserPrincipalLookupService lookup = FileSystems.getDefault().getUserPrincipalLookupService();
        try {
            owner(lookup);
        } catch (UserPrincipalNotFoundException e) {
            return Optional.of("User " + user + " is not available");
        } catch (IOException e) {
            return Optional.of("Cannot look up user " + user + ": " + e.getMessage());
        }
        try {
            groupOwner(lookup);
        } catch (UserPrincipalNotFoundException e) {
            return Optional.of("Group " + group + " is not available");
        } catch (IOException e) {
            return Optional.of("Cannot look up group " + group + ": " + e.getMessage());
        }
        return Optional.empty();
    }

    /** What would change on an existing path; for a missing path, everything that was asked for. */
    Map<String, Object> pending(Path path) throws IOException {
        Map<String, Object> changes = new LinkedHashMap<>();
        boolean exists = Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        PosixFileAttributes attrs = exists
                ? Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS) : null;
        if (user != null && (!exists || !attrs.owner().getName().equals(user))) {
            changes.put("user", user);
        }
        if (group != null && (!exists || !attrs.group().getName().equals(group))) {
            changes.put("group", group);
        }
        if (mode != null && !Files.isSymbolicLink(path) && (!exists || Modes.current(path) != mode)) {
            changes.put("mode", Modes.format(mode));
        }
        return changes;
    }

    void apply(Path path, CommandRunner commands) throws IOException, InterruptedException {
        UserPrincipalLookupService lookup = path.getFileSystem().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        set(view, owner(lookup), groupOwner(lookup));
        if (mode != null && !Files.isSymbolicLink(path)) {
            Modes.apply(path, mode, commands);
        }
    }

    /**
     * Sets the owner and group an execution function was given, by name, through {@code view} (a directory
     * handle's); either may be null or empty to keep it. Both are looked up before anything changes, and a name
     * no account has is refused naming it.
     */
    static void setOwners(String function, PosixFileAttributeView view, String user, String group)
            throws FunctionException, IOException {
        Ownership asked = new Ownership(user == null || user.isEmpty() ? null : user,
                group == null || group.isEmpty() ? null : group, null);
        UserPrincipalLookupService lookup = FileSystems.getDefault().getUserPrincipalLookupService();
        UserPrincipal owner;
        GroupPrincipal groupOwner;
        try {
            owner = asked.owner(lookup);
        } catch (UserPrincipalNotFoundException e) {
            throw new FunctionException(function + ": user '" + user + "' does not exist");
        }
        try {
            groupOwner = asked.groupOwner(lookup);
        } catch (UserPrincipalNotFoundException e) {
            throw new FunctionException(function + ": group '" + group + "' does not exist");
        }
        set(view, owner, groupOwner);
    }

    private UserPrincipal owner(UserPrincipalLookupService lookup) throws IOException {
        return user == null ? null : lookup.lookupPrincipalByName(user);
    }

    private GroupPrincipal groupOwner(UserPrincipalLookupService lookup) throws IOException {
        return group == null ? null : lookup.lookupPrincipalByGroupName(group);
    }

    private static void set(PosixFileAttributeView view, UserPrincipal owner, GroupPrincipal group) throws IOException {
        if (owner != null) {
            view.setOwner(owner);
        }
        if (group != null) {
            view.setGroup(group);
        }
    }
}
