package io.brine.cli;

import io.brine.config.CallArguments;
import io.brine.output.JobOutput;
import io.brine.minion.MinionConfig;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "event", mixinStandardHelpOptions = true,
        description = "Post events from inside a guest to the master, through the local minion.",
        subcommands = EventCommand.Send.class,
        footer = {"", "Example:", "  brine event send ready status=ok version=1.4"})
final class EventCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "send", mixinStandardHelpOptions = true,
            description = "Send an event to the master via this host's minion; the master files it as "
                    + "brine/minion/ID/event/TAG. Only root and the minion's event_group may post.",
            footer = {"", "Example:", "  brine event send -c /etc/brine/minion.yaml deploy/done release=42"})
    static final class Send implements Callable<Integer> {
        @Option(names = {"-c", "--config"}, paramLabel = "FILE", defaultValue = "/etc/brine/minion.yaml",
                description = "the local minion's configuration (default: ${DEFAULT-VALUE})")
        Path config;

        @Parameters(index = "0", paramLabel = "TAG", description = "the event's tag, e.g. ready or app/deployed")
        String tag;

        @Parameters(index = "1..*", paramLabel = "key=value", description = "the event's data")
        List<String> pairs = new ArrayList<>();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            Logging.configure("warning");
            Path socket = MinionConfig.load(config).eventSocket();
            Map<String, Object> data = new LinkedHashMap<>();
            for (String pair : pairs) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw CliException.usage("event data must be key=value, not '" + pair + "'");
                }
                data.put(pair.substring(0, eq), CallArguments.value(pair.substring(eq + 1)));
            }
            String line = JobOutput.compactJson(Map.of("tag", tag, "data", data)) + "\n";
            String reply;
            try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                ch.connect(UnixDomainSocketAddress.of(socket));
                ch.write(ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
                ByteBuffer in = ByteBuffer.allocate(4096);
                while (ch.read(in) > 0 && in.get(in.position() - 1) != '\n') {
                    // read the one-line reply
                }
                reply = new String(in.array(), 0, in.position(), StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                throw new CliException(ExitCodes.FAILED, "cannot reach the minion's event socket " + socket + ": "
                        + e.getMessage());
            }
            if (!reply.equals("ok")) {
                throw new CliException(ExitCodes.FAILED, "the minion refused the event: " + reply);
            }
            return ExitCodes.OK;
        }
    }
}
