package io.brine.modules.ssh;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ssh_known_hosts.absent}: every key of a host gone from a known_hosts file, whether its name was written
 * hashed or plainly, as {@code ssh-keygen -R} removes it.
 *
 * <pre>
 * old-build.example.com:
 *   ssh_known_hosts.absent:
 *     - user: deploy
 * </pre>
 */
final class KnownHostAbsent implements StateFunction {
    @Override
    public String name() {
        return "absent";
    }

    @Override
    public String doc() {
        return "Ensures no key of the host is in the user's or the system's known_hosts file.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("user", Type.STRING, null, "the account whose known_hosts is edited; none for the system's"),
                Param.optional("config", Type.STRING, null,
                        "the file: relative to the home directory (default .ssh/known_hosts), or absolute without a user"),
                Param.optional("port", Type.INTEGER, null, "the host's ssh port, when not 22"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String host = args.name();
        String lookup = KnownHost.lookupName(host, args.integer("port"));
        if (SshUser.createdAbove(args.string("user"), ctx)) {
            // the account a state above creates has no known_hosts yet, so no key of the host is in it
            return StateResult.ok("Host " + host + " is already absent: user " + args.string("user")
                    + " is created by an earlier state");
        }
        KnownHostsTarget target;
        try {
            target = KnownHostsTarget.of(args, ctx);
        } catch (IllegalArgumentException e) {
            return StateResult.failed(e.getMessage());
        }
        KnownHostsFile file = KnownHostsFile.read(target.path());
        List<KnownHost> stored = file.entries(lookup);
        if (stored.isEmpty()) {
            return StateResult.ok("Host " + host + " is already absent from " + target.config());
        }
        List<Map<String, Object>> old = new ArrayList<>();
        stored.forEach(h -> old.add(h.describe(null)));
        Map<String, Object> changes = new LinkedHashMap<>();
        changes.put("old", old);
        changes.put("new", null);
        if (ctx.test()) {
            return StateResult.pending(changes, "Key for " + host + " is set to be removed from " + target.config());
        }
        int removed = file.remove(lookup, h -> true);
        StateResult written = target.file().write(file.before(), file.text(), ctx);
        return written.failed() ? written
                : StateResult.changed(changes, "Removed " + removed + " key(s) of " + host + " from " + target.path());
    }
}
