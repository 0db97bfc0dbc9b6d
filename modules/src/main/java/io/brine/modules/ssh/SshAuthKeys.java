package io.brine.modules.ssh;

import io.brine.functions.Arguments;
import io.brine.functions.CommandRunner;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Salt's {@code ssh.auth_keys}: the keys in authorized_keys files, each with its type, comment, options and
 * fingerprint. One user gives that user's keys; a list of users, or none (every user), gives them by user.
 *
 * <p>Example: {@code brine web1 ssh.auth_keys deploy}
 */
final class SshAuthKeys implements ExecutionFunction {
    @Override
    public String name() {
        return "ssh.auth_keys";
    }

    @Override
    public String doc() {
        return "Returns {key: {enc, comment, options, fingerprint}} from a user's authorized_keys file, or, for a list "
                + "of users or none (all users), {user: {key: ...}} for those that have one.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("user", Type.ANY, null, "a user name, a list of them, or none for every user"),
                Param.optional("config", Type.STRING, ".ssh/authorized_keys",
                        "the keys file, relative to the home directory unless absolute; %h and %u are expanded"),
                Param.optional("fingerprint_hash_type", Type.STRING, null, "the fingerprints' digest; sha256 when omitted"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Object user = args.asMap().get("user");
        String config = args.string("config");
        String hashType = args.string("fingerprint_hash_type");
        if (user instanceof String one) {
            return keysOf(one, config, hashType, context.commands()).orElse(Map.of());
        }
        List<String> users = new ArrayList<>();
        if (user instanceof List<?> list) {
            list.forEach(u -> users.add(String.valueOf(u)));
        } else if (user == null) {
            users.addAll(allUsers(context.commands()));
        } else {
            throw new FunctionException("argument 'user' must be a user name or a list of them");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (String u : users) {
            keysOf(u, config, hashType, context.commands()).ifPresent(keys -> out.put(u, keys));
        }
        return out;
    }

    /** The user's keys, or empty when the user or the file does not exist. */
    private static Optional<Map<String, Object>> keysOf(String name, String config, String hashType,
            CommandRunner commands) throws IOException, InterruptedException, FunctionException {
        Optional<SshUser> user = SshUser.lookup(name, commands);
        if (user.isEmpty()) {
            return Optional.empty();
        }
        Path file;
        try {
            file = user.get().file(config);
        } catch (IllegalArgumentException e) {
            throw new FunctionException(e.getMessage());
        }
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Map<String, Object> keys = new LinkedHashMap<>();
        for (AuthorizedKey k : AuthorizedKeysFile.read(file).keys().values()) {
            Map<String, Object> info = new LinkedHashMap<>();
            info.put("enc", k.enc());
            info.put("comment", k.comment());
            info.put("options", k.options());
            try {
                info.put("fingerprint", Fingerprints.of(k.key(), hashType).orElseThrow());
            } catch (IllegalArgumentException e) {
                throw new FunctionException(e.getMessage());
            }
            keys.put(k.key(), info);
        }
        return Optional.of(keys);
    }

    private static List<String> allUsers(CommandRunner commands) throws IOException, InterruptedException {
        List<String> out = new ArrayList<>();
        for (String line : commands.run("getent", "passwd").stdout().split("\n")) {
            String name = line.split(":", 2)[0];
            if (!name.isBlank()) {
                out.add(name);
            }
        }
        return out;
    }
}
