package io.brine.cli;

import io.brine.api.TokenInfo;
import io.brine.api.TokenStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "token", mixinStandardHelpOptions = true,
        description = "Manage the bearer tokens of the master's REST API (kept as hashes in pki_dir/api_tokens.json).",
        subcommands = {TokenCommand.Create.class, TokenCommand.Revoke.class, TokenCommand.ListTokens.class},
        footer = {"", "Examples:", "  brine token create -c master.yaml heat --expires 24h   # prints the token once",
                "  brine token list -c master.yaml", "  brine token revoke -c master.yaml heat"})
final class TokenCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Create a token and print it; it is shown this once and never stored.")
    static final class Create implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Parameters(paramLabel = "NAME", description = "who holds the token; publisher_acl and jobs know it as token:NAME")
        String name;

        @Option(names = "--expires", paramLabel = "LIFETIME", description = "e.g. 90s, 30m, 24h, 7d (default: never)")
        String expires;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Logging.configure("warning");
            io.brine.master.MasterConfig cfg = config.load();
            String token;
            try (TokenStore tokens = TokenStore.forMaster(cfg)) {
                token = tokens.create(name, lifetime(expires));
            }
            ClientCommand.audit(cfg, "token.create", Map.of("token", name, "expires", expires == null ? "never" : expires,
                    "outcome", "created"), spec.commandLine().getErr());
            spec.commandLine().getOut().println(token);
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true, description = "Revoke a token; it stops working at once.")
    static final class Revoke implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Parameters(paramLabel = "NAME")
        String name;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Logging.configure("warning");
            io.brine.master.MasterConfig cfg = config.load();
            boolean revoked;
            try (TokenStore tokens = TokenStore.forMaster(cfg)) {
                revoked = tokens.revoke(name);
            }
            if (!revoked) {
                throw new CliException(ExitCodes.FAILED, "no token named '" + name + "'");
            }
            ClientCommand.audit(cfg, "token.revoke", Map.of("token", name, "outcome", "revoked"),
                    spec.commandLine().getErr());
            spec.commandLine().getOut().println("Token " + name + " revoked.");
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List tokens by name, with their dates.")
    static final class ListTokens implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Option(names = "--out", defaultValue = "text", description = "text, json or yaml")
        String out;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Logging.configure("warning");
            OutputFormat.check(out);
            List<TokenInfo> tokens;
            try (TokenStore store = TokenStore.forMaster(config.load())) {
                tokens = store.list();
            }
            PrintWriter stdout = spec.commandLine().getOut();
            if (out.equals("text")) {
                tokens.forEach(t -> stdout.println(t.name() + "  created " + t.created() + "  "
                        + t.expiry().map(e -> "expires " + e).orElse("never expires")));
            } else {
                List<Map<String, Object>> doc = new ArrayList<>();
                for (TokenInfo t : tokens) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("name", t.name());
                    m.put("created", t.created().toString());
                    m.put("expires", t.expiry().map(Object::toString).orElse(null));
                    doc.add(m);
                }
                stdout.print(OutputFormat.render(Map.of("tokens", doc), out));
            }
            stdout.flush();
            return ExitCodes.OK;
        }
    }

    /** {@code 90s}, {@code 30m}, {@code 24h}, {@code 7d}; null (never) when absent. */
    static Duration lifetime(String text) {
        try {
            return TokenStore.lifetime(text);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--expires " + e.getMessage());
        }
    }
}
