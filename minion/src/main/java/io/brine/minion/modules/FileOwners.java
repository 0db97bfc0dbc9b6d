package io.brine.minion.modules;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.attribute.UserPrincipalNotFoundException;

/** Sets a file's owner and group by name, as file.chown and file.mkdir are asked to; unknown names are refused. */
final class FileOwners {
    private FileOwners() {
    }

    /** Either may be null or empty to leave it as it is; both are looked up before anything changes. */
    static void apply(String function, PosixFileAttributeView view, String user, String group)
            throws FunctionException, IOException {
        UserPrincipalLookupService lookup = FileSystems.getDefault().getUserPrincipalLookupService();
        UserPrincipal owner = null;
        GroupPrincipal groupOwner = null;
        try {
            if (user != null && !user.isEmpty()) {
                owner = lookup.lookupPrincipalByName(user);
            }
        } catch (UserPrincipalNotFoundException e) {
            throw new FunctionException(function + ": user '" + user + "' does not exist");
        }
        try {
            if (group != null && !group.isEmpty()) {
                groupOwner = lookup.lookupPrincipalByGroupName(group);
            }
        } catch (UserPrincipalNotFoundException e) {
            throw new FunctionException(function + ": group '" + group + "' does not exist");
        }
        if (owner != null) {
            view.setOwner(owner);
        }
        if (groupOwner != null) {
            view.setGroup(groupOwner);
        }
    }
}
