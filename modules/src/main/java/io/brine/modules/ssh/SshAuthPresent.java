package io.brine.modules.ssh;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.modules.ssh.AuthorizedKeysFile.Outcome;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code ssh_auth.present}: a public key in an account's authorized_keys, added at the end or its line rewritten
 * when its type, comment or options differ. A new {@code ~/.ssh} is 0700 and a new file 0600, both the user's.
 *
 * <pre>
 * ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG... deploy@ci:
 *   ssh_auth.present:
 *     - user: deploy
 *     - options: [no-pty]
 *
 * admins:
 *   ssh_auth.present:
 *     - user: root
 *     - source: brine://ssh/admins.pub
 * </pre>
 */
final class SshAuthPresent implements StateFunction {
    @Override
    public String name() {
        return "present";
    }

    @Override
    public String doc() {
        return "Ensures an ssh public key (name, or every key in source) is in the user's authorized_keys file.";
    }

    @Override
    public List<Param> params() {
        return WantedKeys.PARAMS;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        if (SshUser.createdAbove(args.string("user"), ctx)) {
            String label = args.string("source").isEmpty() ? WantedKeys.keyOf(args.name()) : args.name();
            return StateResult.pending(Map.of(label, "New"), "Key " + label + " would be added for user "
                    + args.string("user") + ", who is created above");
        }
        WantedKeys wanted;
        try {
            wanted = WantedKeys.of(args, ctx, true);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        String who = " for user " + wanted.user().name();
        AuthorizedKeysFile file = AuthorizedKeysFile.read(wanted.file());
        boolean updated = false;
        boolean added = false;
        for (AuthorizedKey key : wanted.keys()) {
            Outcome outcome = file.set(key);
            updated |= outcome == Outcome.UPDATED;
            added |= outcome == Outcome.NEW;
        }
        String what = wanted.fromSource() ? "Keys from " + wanted.source() : "Key " + wanted.label();
        if (!updated && !added) {
            return StateResult.ok(what + " already present" + who);
        }
        // one word for the whole state, as Salt reports it: an update outranks an addition
        Map<String, Object> changes = Map.of(wanted.label(), updated ? "Updated" : "New");
        String verb = updated ? "updated" : "added";
        if (ctx.test()) {
            return StateResult.pending(changes, what + who + " would be " + verb);
        }
        try {
            wanted.requireHome();
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        StateResult written = new OwnedFile(wanted.file(), wanted.user()).write(file.before(), file.text(), ctx);
        if (written.failed()) {
            return written;
        }
        return StateResult.changed(changes, what + who + " " + verb + " in " + wanted.file());
    }
}
