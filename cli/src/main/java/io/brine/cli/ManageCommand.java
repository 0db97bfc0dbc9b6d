package io.brine.cli;

import io.brine.client.BrineClient;
import io.brine.jobs.MinionStatus;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "manage", mixinStandardHelpOptions = true,
        description = "Ask the running master about its minions (Salt's salt-run manage.*).",
        subcommands = {ManageCommand.Status.class, ManageCommand.Versions.class},
        footer = {"", "Example:", "  brine manage status --out json"})
final class ManageCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Accepted minions as up (a live session) or down, with when each was last seen (UTC). "
                    + "Needs @keys in publisher_acl for a named operator.",
            footer = {"", "Examples:", "  brine manage status",
                    "  brine manage status --out json   # {\"up\": [...], \"down\": [...], \"minions\": "
                            + "{ID: {\"up\": true, \"last_seen\": \"2026-11-26T10:00:00Z\"}}}"})
    static final class Status implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Option(names = "--out", defaultValue = "text", description = "text, json or yaml")
        String out;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            config.clientLogging();
            OutputFormat.check(out);
            List<MinionStatus> report = config.ask(BrineClient::minions);
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.print(out.equals("text") ? text(report) : OutputFormat.render(document(report), out));
            stdout.flush();
            return ExitCodes.OK;
        }

        /** Salt's shape ({@code up:} and {@code down:} lists), each id followed by when it was last seen. */
        static String text(List<MinionStatus> report) {
            StringBuilder b = new StringBuilder();
            for (boolean up : new boolean[] {true, false}) {
                b.append(up ? "up:" : "down:").append('\n');
                for (MinionStatus m : report) {
                    if (m.up() == up) {
                        b.append("    - ").append(m.id()).append("  (last seen ").append(m.lastSeen()
                                .map(Object::toString).orElse("never"))
                                // the default transport goes unsaid, so the lines stay as they were before HTTPS
                                .append(m.transport().filter(t -> !t.equals("zmq")).map(t -> ", over " + t)
                                        .orElse("")).append(")\n");
                    }
                }
            }
            return b.toString();
        }

        /**
         * {@code {"up": [ids], "down": [ids], "minions": {id: {"up": bool, "last_seen": ISO-8601 or null,
         * "transport": "zmq" or "https" or null}}}}.
         */
        static Map<String, Object> document(List<MinionStatus> report) {
            List<String> up = new ArrayList<>();
            List<String> down = new ArrayList<>();
            Map<String, Object> minions = new LinkedHashMap<>();
            for (MinionStatus m : report) {
                (m.up() ? up : down).add(m.id());
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("up", m.up());
                one.put("last_seen", m.lastSeen().map(Object::toString).orElse(null));
                one.put("transport", m.transport().orElse(null));
                minions.put(m.id(), one);
            }
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("up", up);
            doc.put("down", down);
            doc.put("minions", minions);
            return doc;
        }
    }

    @Command(name = "versions", mixinStandardHelpOptions = true,
            description = "The Brine version each accepted minion runs, as it last reported it (after 'brine update', "
                    + "the new one once it has reconnected). Needs @keys in publisher_acl for a named operator.",
            footer = {"", "Examples:", "  brine manage versions",
                    "  brine manage versions --out json   # {\"web1\": {\"version\": \"0.2.0\", \"up\": true}}"})
    static final class Versions implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Option(names = "--out", defaultValue = "text", description = "text, json or yaml")
        String out;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            config.clientLogging();
            OutputFormat.check(out);
            List<MinionStatus> report = config.ask(BrineClient::minions);
            PrintWriter stdout = spec.commandLine().getOut();
            if (out.equals("text")) {
                for (MinionStatus m : report) {
                    stdout.println(m.id() + ": " + m.version().orElse("unknown") + (m.up() ? "" : " (down)"));
                }
            } else {
                Map<String, Object> doc = new LinkedHashMap<>();
                for (MinionStatus m : report) {
                    Map<String, Object> one = new LinkedHashMap<>();
                    one.put("version", m.version().orElse(null));
                    one.put("up", m.up());
                    doc.put(m.id(), one);
                }
                stdout.print(OutputFormat.render(doc, out));
            }
            stdout.flush();
            return ExitCodes.OK;
        }
    }
}
