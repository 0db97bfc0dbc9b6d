package io.brine.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.LoggingConfig;
import io.brine.logging.ProcessLogging;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code brine} command of the brine-minion package: only {@code brine minion [-c FILE] [--log-level L]} and
 * {@code brine event send [-c FILE] TAG [key=value ...]}, read by hand so that the minion's jar carries no
 * command-line library and nothing of the master. The master package's full CLI accepts the same words.
 *
 * <p>Example: {@code java -jar /usr/share/brine/brine-minion.jar minion -c /etc/brine/minion.yaml}
 */
public final class AgentMain {
    static final String DEFAULT_CONFIG = "/etc/brine/minion.yaml";
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    private static final String USAGE_TEXT = """
            Usage: brine minion [-c FILE] [--log-level error|warning|info|debug|off]   (overrides log_level)
                   brine event send [-c FILE] TAG [key=value ...]
            (this is the brine-minion package's brine; install brine-master for the other commands)
            Example:
              brine minion -c /etc/brine/minion.yaml""";

    private AgentMain() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(args);
        } catch (IllegalArgumentException e) {
            System.err.println("brine: " + e.getMessage());
            code = USAGE;
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
            return minion(Options.read(words.subList(1, words.size()), true));
        }
        if (words.size() >= 2 && words.get(0).equals("event") && words.get(1).equals("send")) {
            return sendEvent(Options.read(words.subList(2, words.size()), false));
        }
        throw new IllegalArgumentException("unknown command '" + String.join(" ", words)
                + "' (this brine runs only 'minion' and 'event send')");
    }

    private static int minion(Options options) throws Exception {
        System.Logger.Level flagLevel = options.logLevel() == null ? null : LoggingConfig.level(options.logLevel());
        MinionConfig config = MinionConfig.load(options.config());
        LoggingConfig logging = config.logging();
        ProcessLogging.configure(flagLevel == null ? logging : logging.withLevel(flagLevel)).reopenOnHangup();
        Minion minion = Minion.start(config);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            minion.close();
            stopped.countDown();
        }));
        System.err.println("brine minion " + minion.id() + " started; key fingerprint " + minion.fingerprint());
        stopped.await();
        return OK;
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
            data.put(pair.substring(0, eq), value(pair.substring(eq + 1)));
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

    /** Salt's reading of a word, as the full CLI does: integers, decimals and booleans; anything else a string. */
    static Object value(String word) {
        if (word.equals("true") || word.equals("false")) {
            return Boolean.valueOf(word);
        }
        try {
            return Long.valueOf(word);
        } catch (NumberFormatException notAnInteger) {
            try {
                return word.matches("-?[0-9]+\\.[0-9]+") ? Double.valueOf(word) : word;
            } catch (NumberFormatException notANumber) {
                return word;
            }
        }
    }

    /** The options both commands share, and the words left over. */
    record Options(Path config, String logLevel, List<String> words) {
        static Options read(List<String> args, boolean logLevelAllowed) {
            String config = DEFAULT_CONFIG;
            String level = null;
            List<String> rest = new java.util.ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                String word = args.get(i);
                int eq = word.indexOf('=');
                boolean attached = word.startsWith("--") && eq > 0;
                String name = attached ? word.substring(0, eq) : word;
                boolean config1 = name.equals("-c") || name.equals("--config");
                boolean level1 = logLevelAllowed && name.equals("--log-level");
                if (!config1 && !level1) {
                    if (word.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option '" + word + "'");
                    }
                    rest.add(word);
                    continue;
                }
                String value = attached ? word.substring(eq + 1) : i + 1 < args.size() ? args.get(++i) : null;
                if (value == null || value.isEmpty()) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                if (config1) {
                    config = value;
                } else {
                    level = value;
                }
            }
            if (logLevelAllowed && !rest.isEmpty()) {
                throw new IllegalArgumentException("unexpected words: " + String.join(" ", rest));
            }
            return new Options(Path.of(config), level, List.copyOf(rest));
        }
    }
}
