package io.brine.states.functions.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Command;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a cmd state runs its command and its guards: shell, working directory, environment, user and
 * timeout. Guards run exactly like the command, since they usually probe what it would create.
 */
record ShellOptions(String shell, Path cwd, Map<String, String> env, String runas, Duration timeout) {
    static List<Param> params() {
        return List.of(
                Param.optional("cwd", Type.STRING, null, "working directory"),
                Param.optional("env", Type.ANY, null, "environment: a mapping, or a list of one-key mappings"),
                Param.optional("runas", Type.STRING, null, "user to run as"),
                Param.optional("shell", Type.STRING, "/bin/sh", "shell that interprets the command"),
                Param.optional("timeout", Type.INTEGER, 600L, "seconds before the command is killed"),
                Param.optional("unless", Type.STRING_LIST, null, "skip when every one of these commands succeeds"),
                Param.optional("onlyif", Type.STRING_LIST, null, "run only when every one of these commands succeeds"),
                Param.optional("creates", Type.STRING_LIST, null, "skip when all of these paths exist"),
                Param.optional("stateful", Type.BOOLEAN, false, "the command reports changed=yes|no on its last line"));
    }

    static ShellOptions of(Arguments args) {
        String cwd = args.string("cwd");
        return new ShellOptions(args.string("shell"), cwd == null ? null : Path.of(cwd), env(args.raw("env")),
                args.string("runas"), Duration.ofSeconds(args.optInteger("timeout").orElse(600L)));
    }

    Command command(String line) {
        return Command.of(shell, "-c", line).withCwd(cwd).withEnv(env).withRunas(runas).withTimeout(timeout);
    }

    private static Map<String, String> env(Object raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw instanceof Map<?, ?> map) {
            map.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
        } else if (raw instanceof List<?> list) {
            list.forEach(item -> out.putAll(env(item)));
        } else if (raw != null) {
            throw new IllegalArgumentException("env must be a mapping or a list of mappings");
        }
        return out;
    }
}
