package io.brine.modules.ssh;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ssh_auth.absent}: a public key (or every key of a {@code source} file) gone from an account's
 * authorized_keys, whatever its options and comment; other lines stay as they are.
 *
 * <pre>
 * AAAAC3NzaC1lZDI1NTE5AAAAIG...:
 *   ssh_auth.absent:
 *     - user: deploy
 * </pre>
 */
final class SshAuthAbsent implements StateFunction {
    @Override
    public String name() {
        return "absent";
    }

    @Override
    public String doc() {
        return "Ensures an ssh public key (name, or every key in source) is not in the user's authorized_keys file.";
    }

    @Override
    public List<Param> params() {
        return WantedKeys.PARAMS;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        WantedKeys wanted;
        try {
            wanted = WantedKeys.of(args, ctx, false);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        if (!Files.exists(wanted.file())) {
            return StateResult.ok("Key not present: " + wanted.file() + " does not exist");
        }
        AuthorizedKeysFile file = AuthorizedKeysFile.read(wanted.file());
        Map<String, Object> changes = new LinkedHashMap<>();
        for (AuthorizedKey key : wanted.keys()) {
            if (file.remove(key.key())) {
                changes.put(wanted.fromSource() ? key.key() : wanted.label(), "Removed");
            }
        }
        if (changes.isEmpty()) {
            return StateResult.ok("Key not present");
        }
        String who = " for user " + wanted.user().name();
        if (ctx.test()) {
            return StateResult.pending(changes, "Key " + wanted.label() + who + " is set for removal");
        }
        StateResult written = new OwnedFile(wanted.file(), wanted.user()).write(file.before(), file.text(), ctx);
        return written.failed() ? written : StateResult.changed(changes, "Key removed");
    }
}
