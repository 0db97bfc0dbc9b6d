package io.brine.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.LoggingConfig;
import io.brine.jobs.Job;
import io.brine.logging.ProcessLogging;
import io.brine.config.CallArguments;
import io.brine.minion.MasterlessCall;
import io.brine.minion.Minion;
import io.brine.minion.MinionCall;
import io.brine.minion.MinionConfig;
import io.brine.minion.MinionPreflight;
import io.brine.output.JobOutput;
import io.brine.output.StateOutput;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code brine} command of the brine-minion package: only {@code brine minion [-c FILE] [--log-level L]},
 * {@code brine event send [-c FILE] TAG [key=value ...]} and the masterless {@code brine call --local} and
 * {@code brine state apply --local}, read by hand so that the minion's jar carries no command-line library and
 * nothing of the master. The master package's full CLI accepts the same words and prints the same output.
 *
 * <p>Example: {@code java -jar /usr/share/brine/brine-minion.jar minion -c /etc/brine/minion.yaml}
 */
public final class AgentMain {
    static final String DEFAULT_CONFIG = "/etc/brine/minion.yaml";
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    private static final Set<String> MINION_OPTIONS = Set.of("-c", "--config", "--log-level");
    private static final Set<String> CALL_OPTIONS = Set.of("-c", "--config", "--out", "--timeout",
            "--args-file");
    private static final String USAGE_TEXT = """
            Usage: brine minion [-c FILE] [--log-level error|warning|info|debug|off]   (overrides log_level)
                   brine event send [-c FILE] TAG [key=value ...]
                   brine call [--local] [-c FILE] [--out text|json|jsonl|yaml] [--timeout S] FUNCTION [ARG ...]
                     (or --args-file F holding {"args": [...], "kwargs": {...}} instead of ARG words)
                   brine state apply --local [-c FILE] [--test] [--out text|json|jsonl|yaml] [--timeout S] [SLS ...]
            (this is the brine-minion package's brine; install brine-master for the other commands)
            Examples:
              brine minion -c /etc/brine/minion.yaml
              brine call --local test.echo hi --out json
              brine state apply --local webserver --test""";

    private AgentMain() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (IllegalArgumentException | io.brine.config.ConfigException e) {
            System.err.println("brine: " + e.getMessage());
            code = USAGE; // as the full CLI: a configuration error is the operator's to fix, exit 2
        } catch (Exception e) {
            System.err.println("brine: " + e.getMessage());
            code = FAILED;
        }
        if (code != OK || args.length == 0 || !args[0].equals("minion")) {
            System.exit(code);
        }
    }

    static int run(String... args) throws Exception {
        List<String> words = Arrays.asList(args);
        if (words.isEmpty() || words.contains("--help") || words.contains("-h")) {
            System.out.println(USAGE_TEXT);
            return words.isEmpty() ? USAGE : OK;
        }
        if (words.get(0).equals("minion")) {
            return minion(Options.read(words.subList(1, words.size()), MINION_OPTIONS, Set.of()));
        }
        if (words.size() >= 2 && words.get(0).equals("event") && words.get(1).equals("send")) {
            return sendEvent(Options.read(words.subList(2, words.size()), Set.of("-c", "--config"), Set.of()));
        }
        if (words.get(0).equals("call")) {
            return call(Options.read(words.subList(1, words.size()), CALL_OPTIONS, Set.of("--local")), false);
        }
        if (words.size() >= 2 && words.get(0).equals("state") && words.get(1).equals("apply")) {
            return call(Options.read(words.subList(2, words.size()), CALL_OPTIONS, Set.of("--local", "--test")), true);
        }
        throw new IllegalArgumentException("unknown command '" + String.join(" ", words)
                + "' (this brine runs only 'minion', 'event send', 'call --local' and 'state apply --local')");
    }

    private static int minion(Options options) throws Exception {
        System.Logger.Level flagLevel = options.logLevel() == null ? null : LoggingConfig.level(options.logLevel());
        // checked before anything is created (MinionPreflight), and logging set up only then: a log file is created
        MinionConfig config = io.brine.minion.Launcher.apply(MinionPreflight.load(options.config()));
        LoggingConfig logging = config.logging();
        ProcessLogging.configure(flagLevel == null ? logging : logging.withLevel(flagLevel)).reopenOnHangup();
        Minion minion = Minion.start(config);
        CountDownLatch stopped = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (closed.compareAndSet(false, true)) {
                minion.close();
            }
            stopped.countDown();
        }));
        minion.restartRequested().thenRun(stopped::countDown);
        System.err.println("brine minion " + minion.id() + " started; key fingerprint " + minion.fingerprint());
        stopped.await();
        if (minion.restartRequested().isDone() && closed.compareAndSet(false, true)) {
            minion.close(); // an update installed a new version: the launcher starts it
            return Minion.RESTART_EXIT;
        }
        return OK;
    }

    /**
     * {@code brine call [--local]} or {@code brine state apply --local}: the same run and the same output as the
     * full CLI's, from the minion's own jar (masterless is how images are built: cloud-init, Packer; without
     * {@code --local} the running minion runs the function, with pillar and files from its master).
     */
    private static int call(Options options, boolean stateApply) throws IOException, InterruptedException {
        ProcessLogging.warningsOnly();
        Path config = options.config();
        boolean masterless = options.flags().contains("--local") || MasterlessCall.fileClientLocal(config);
        if (stateApply && !masterless) {
            throw new IllegalArgumentException("this brine applies states masterless only: give --local (or run "
                    + "'brine call state.apply SLS' through the running minion)");
        }
        String out = options.value("--out", "text");
        if (!Set.of("text", "json", "jsonl", "yaml").contains(out)) {
            throw new IllegalArgumentException("unknown --out '" + out + "'; use text, json, jsonl or yaml");
        }
        Duration timeout = MasterlessCall.DEFAULT_TIMEOUT;
        String seconds = options.value("--timeout", null);
        if (seconds != null) {
            try {
                timeout = Duration.ofSeconds(Long.parseLong(seconds));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--timeout must be a number of seconds, not '" + seconds + "'");
            }
        }
        String function;
        CallArguments arguments;
        if (stateApply) {
            function = "state.apply";
            Map<String, Object> kwargs = new LinkedHashMap<>();
            if (!options.words().isEmpty()) {
                kwargs.put("mods", String.join(",", options.words()));
            }
            if (options.flags().contains("--test")) {
                kwargs.put("test", true);
            }
            arguments = new CallArguments(List.of(), kwargs);
        } else {
            if (options.words().isEmpty()) {
                throw new IllegalArgumentException("call needs a FUNCTION, e.g. brine call --local test.ping");
            }
            function = options.words().get(0);
            List<String> words = options.words().subList(1, options.words().size());
            String argsFile = options.value("--args-file", null);
            if (argsFile != null && !words.isEmpty()) {
                throw new IllegalArgumentException("give the arguments as ARG words or in --args-file, not both");
            }
            arguments = argsFile == null ? CallArguments.parse(words) : CallArguments.readFile(Path.of(argsFile));
        }
        Job job = masterless
                ? new MasterlessCall(config).call(function, arguments.args(), arguments.kwargs(), timeout)
                : new MinionCall(config).call(function, arguments.args(), arguments.kwargs(), timeout);
        System.out.print(JobOutput.renderFinished(job, out,
                StateOutput.printsStates(function) ? StateOutput::text : JobOutput::text));
        System.out.flush();
        return JobOutput.exitCode(job);
    }

    private static int sendEvent(Options options) throws IOException {
        ProcessLogging.warningsOnly();
        if (options.words().isEmpty()) {
            throw new IllegalArgumentException("event send needs a TAG");
        }
        Path socket = MinionConfig.load(options.config()).eventSocket();
        Map<String, Object> data = new LinkedHashMap<>();
        for (String pair : options.words().subList(1, options.words().size())) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("event data must be key=value, not '" + pair + "'");
            }
            data.put(pair.substring(0, eq), CallArguments.value(pair.substring(eq + 1)));
        }
        String line = new ObjectMapper().writeValueAsString(Map.of("tag", options.words().get(0), "data", data))
                + "\n";
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
            throw new IOException("cannot reach the minion's event socket " + socket + ": " + e.getMessage(), e);
        }
        if (!reply.equals("ok")) {
            throw new IOException("the minion refused the event: " + reply);
        }
        return OK;
    }

    /** The options a command was given (valued ones by name, flags by presence), and the words left over. */
    record Options(Map<String, String> values, Set<String> flags, List<String> words) {
        Path config() {
            return Path.of(value("--config", DEFAULT_CONFIG));
        }

        String logLevel() {
            return value("--log-level", null); // not given: the config's log_level
        }

        String value(String name, String fallback) {
            return values.getOrDefault(name, fallback);
        }

        /**
         * Reads {@code args}: {@code valued} options take the next word or {@code =value}; {@code -c} is
         * {@code --config}; any other word starting with {@code -} is an error, every other word is left over.
         */
        static Options read(List<String> args, Set<String> valued, Set<String> flagNames) {
            Map<String, String> values = new LinkedHashMap<>();
            Set<String> flags = new java.util.HashSet<>();
            List<String> rest = new java.util.ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                String word = args.get(i);
                int eq = word.indexOf('=');
                boolean attached = word.startsWith("--") && eq > 0;
                String name = attached ? word.substring(0, eq) : word;
                if (flagNames.contains(name) && !attached) {
                    flags.add(name);
                    continue;
                }
                if (!valued.contains(name)) {
                    if (word.startsWith("-") && word.length() > 1) {
                        throw new IllegalArgumentException("unknown option '" + word + "'");
                    }
                    rest.add(word);
                    continue;
                }
                String value = attached ? word.substring(eq + 1) : i + 1 < args.size() ? args.get(++i) : null;
                if (value == null || value.isEmpty()) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                values.put(name.equals("-c") ? "--config" : name, value);
            }
            if (valued.contains("--log-level") && !rest.isEmpty()) {
                throw new IllegalArgumentException("unexpected words: " + String.join(" ", rest));
            }
            return new Options(Map.copyOf(values), Set.copyOf(flags), List.copyOf(rest));
        }
    }
}
