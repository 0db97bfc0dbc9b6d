package io.brine.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes the {@code brine} command's man pages and shell completions from its picocli model, so they never
 * drift from what the command accepts. The cli module's build runs it (prepare-package) and the Debian packages
 * ship what it wrote:
 * <ul>
 * <li>{@code full/man/brine.1.gz} and one page per subcommand, git-style ({@code brine-key-accept.1.gz});
 *     {@code full/completion/brine.bash} (picocli's bash completion, which zsh runs through bashcompinit) and
 *     {@code full/completion/_brine} for zsh;</li>
 * <li>{@code minion/...}: the same for the minion package's {@code brine}, from the same model cut down to what
 *     that launcher reads ({@link #MINION_PACKAGE}).</li>
 * </ul>
 *
 * <p>picocli's own man page generator writes AsciiDoc, which needs Asciidoctor (a JRuby toolchain) to become the
 * troff that {@code man} reads; writing troff from the model is a page of code, so it is done here.
 *
 * <p>Example: {@code java -cp brine.jar io.brine.cli.CommandDocs target/docs 0.1.0}
 */
public final class CommandDocs {
    /**
     * What the minion package's launcher (agent/AgentMain) reads: each command with the options it accepts. A
     * test runs the launcher with every one of them.
     */
    static final Map<String, Set<String>> MINION_PACKAGE = Map.of(
            "minion", Set.of("-c", "--log-level"),
            "event send", Set.of("-c"),
            "call", Set.of("-c", "--local", "--out", "--timeout"),
            "state apply", Set.of("-c", "--local", "--test", "--out", "--timeout"));

    private final String version;

    private CommandDocs(String version) {
        this.version = version;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: CommandDocs OUTPUT_DIR VERSION");
        }
        new CommandDocs(args[1]).writeAll(Path.of(args[0]));
    }

    void writeAll(Path out) throws IOException {
        write(BrineCommand.commandLine(), out.resolve("full"), true);
        write(minionPackage(BrineCommand.commandLine()), out.resolve("minion"), false);
    }

    private void write(CommandLine root, Path dir, boolean pagePerCommand) throws IOException {
        Path man = Files.createDirectories(dir.resolve("man"));
        Path completion = Files.createDirectories(dir.resolve("completion"));
        for (CommandLine c : pagePerCommand ? tree(root) : List.of(root)) {
            gzip(man.resolve(pageName(c.getCommandSpec()) + ".1.gz"), page(c, pagePerCommand));
        }
        Files.writeString(completion.resolve("brine.bash"), AutoComplete.bash("brine", root));
        Files.writeString(completion.resolve("_brine"), """
                #compdef brine
                # brine's completion is picocli's bash completion, which zsh runs through bashcompinit.
                autoload -U +X bashcompinit && bashcompinit
                source /usr/share/bash-completion/completions/brine
                """);
    }

    /**
     * The model of the full CLI, cut down to the minion package's commands and options: a new model built from
     * the full one's parts (picocli cannot remove an option that belongs to a group from a model).
     */
    static CommandLine minionPackage(CommandLine full) {
        CommandSpec root = CommandSpec.create().name("brine").mixinStandardHelpOptions(true);
        root.usageMessage().description("The brine command of the brine-minion package: the minion, its status "
                + "post-back (event send) and functions run on this machine (call, state apply --local). Install "
                + "brine-master for the other commands.");
        CommandLine out = new CommandLine(root);
        for (String path : new java.util.TreeSet<>(MINION_PACKAGE.keySet())) {
            CommandLine from = full;
            CommandLine to = out;
            for (String word : path.split(" ")) {
                from = from.getSubcommands().get(word);
                CommandLine existing = to.getSubcommands().get(word);
                if (existing == null) {
                    CommandSpec spec = CommandSpec.create().name(word).mixinStandardHelpOptions(true);
                    spec.usageMessage().description(from.getCommandSpec().usageMessage().description())
                            .footer(from.getCommandSpec().usageMessage().footer());
                    to.addSubcommand(word, spec);
                    existing = to.getSubcommands().get(word);
                }
                to = existing;
            }
            Set<String> allowed = MINION_PACKAGE.get(path);
            for (OptionSpec o : from.getCommandSpec().options()) {
                if (!o.usageHelp() && !o.versionHelp() && java.util.Arrays.stream(o.names()).anyMatch(allowed::contains)) {
                    to.getCommandSpec().addOption(OptionSpec.builder(o.names()).paramLabel(o.paramLabel())
                            .arity(o.arity()).type(o.type()).description(o.description())
                            .defaultValue(o.defaultValue()).hidden(o.hidden()).build());
                }
            }
            for (PositionalParamSpec p : from.getCommandSpec().positionalParameters()) {
                to.getCommandSpec().addPositional(PositionalParamSpec.builder().paramLabel(p.paramLabel())
                        .arity(p.arity()).index(p.index()).type(p.type()).description(p.description())
                        .hidden(p.hidden()).build());
            }
        }
        return out;
    }

    /** The command and its subcommands, depth first, hidden ones left out. */
    static List<CommandLine> tree(CommandLine root) {
        List<CommandLine> all = new ArrayList<>();
        all.add(root);
        for (CommandLine sub : root.getSubcommands().values()) {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                all.addAll(tree(sub));
            }
        }
        return all;
    }

    /** "key accept" for brine key accept; "" for brine itself. */
    private static String commandPath(CommandSpec spec) {
        String q = spec.qualifiedName(" ");
        return q.equals("brine") ? "" : q.substring("brine ".length());
    }

    private static String pageName(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    /** One man page: the command, and (when the pages are not per command) every subcommand after it. */
    String page(CommandLine c, boolean pagePerCommand) {
        CommandSpec spec = c.getCommandSpec();
        StringBuilder t = new StringBuilder();
        t.append(".TH ").append(pageName(spec).toUpperCase(Locale.ROOT)).append(" 1 \"\" \"brine ")
                .append(version).append("\" \"Brine Manual\"\n");
        t.append(".SH NAME\n").append(escape(pageName(spec))).append(" \\- ")
                .append(escape(firstSentence(spec))).append('\n');
        t.append(".SH SYNOPSIS\n");
        synopsis(t, spec);
        t.append(".SH DESCRIPTION\n");
        paragraph(t, String.join(" ", spec.usageMessage().description()));
        options(t, spec);
        List<CommandLine> subs = c.getSubcommands().values().stream()
                .filter(s -> !s.getCommandSpec().usageMessage().hidden()).toList();
        if (!pagePerCommand) {
            for (CommandLine sub : tree(c).subList(1, tree(c).size())) {
                CommandSpec s = sub.getCommandSpec();
                if (!s.subcommands().isEmpty()) {
                    continue;
                }
                t.append(".SH ").append(escape(s.qualifiedName(" ").toUpperCase(Locale.ROOT))).append('\n');
                synopsis(t, s);
                t.append(".PP\n");
                paragraph(t, String.join(" ", s.usageMessage().description()));
                optionList(t, s);
                examples(t, s, false);
            }
        } else if (!subs.isEmpty()) {
            t.append(".SH COMMANDS\n");
            for (CommandLine sub : subs) {
                t.append(".TP\n.B ").append(escape(sub.getCommandSpec().qualifiedName(" "))).append('\n')
                        .append(escape(firstSentence(sub.getCommandSpec()))).append('\n');
            }
        }
        examples(t, spec, true);
        if (spec.parent() == null) {
            t.append(".SH EXIT STATUS\n");
            exit(t, ExitCodes.OK, "every targeted minion returned, successfully");
            exit(t, ExitCodes.FAILED, "a minion failed or did not return, a call ended before the master could say "
                    + "how its job ended (\"complete\": false), or the command could not do its job");
            exit(t, ExitCodes.USAGE, "a usage or configuration error: the message names the option, key or file");
            exit(t, ExitCodes.SOFTWARE, "brine master: its transport died, and it exited rather than run deaf");
        }
        if (pagePerCommand) {
            List<String> related = new ArrayList<>();
            if (spec.parent() != null) {
                related.add(pageName(spec.parent()));
            }
            subs.forEach(s -> related.add(pageName(s.getCommandSpec())));
            if (!related.isEmpty()) {
                t.append(".SH SEE ALSO\n").append(String.join(", ",
                        related.stream().map(r -> "\\fB" + escape(r) + "\\fR(1)").toList())).append('\n');
            }
        }
        return t.toString();
    }

    private static void synopsis(StringBuilder t, CommandSpec spec) {
        StringBuilder line = new StringBuilder(spec.qualifiedName(" "));
        if (!spec.options().isEmpty()) {
            line.append(" [OPTIONS]");
        }
        if (!spec.subcommands().isEmpty()) {
            line.append(" COMMAND");
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (p.hidden()) {
                continue;
            }
            String label = p.paramLabel() + (p.isMultiValue() ? "..." : "");
            line.append(' ').append(p.arity().min() == 0 ? "[" + label + "]" : label);
        }
        t.append(".B ").append(escape(line.toString())).append('\n');
    }

    private static void options(StringBuilder t, CommandSpec spec) {
        if (spec.options().stream().anyMatch(o -> !o.hidden())) {
            t.append(".SH OPTIONS\n");
            optionList(t, spec);
        }
    }

    private static void optionList(StringBuilder t, CommandSpec spec) {
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden() && p.description().length > 0) {
                t.append(".TP\n.I ").append(escape(p.paramLabel())).append('\n')
                        .append(escape(describe(p.description(), p.defaultValue()))).append('\n');
            }
        }
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            t.append(".TP\n\\fB").append(escape(String.join(", ", o.names()))).append("\\fR");
            if (o.arity().max() > 0 && !o.paramLabel().isEmpty()) {
                t.append(" \\fI").append(escape(o.paramLabel())).append("\\fR");
            }
            t.append('\n').append(escape(describe(o.description(), o.defaultValue()))).append('\n');
        }
    }

    private static void examples(StringBuilder t, CommandSpec spec, boolean heading) {
        List<String> lines = new ArrayList<>();
        boolean in = false;
        for (String line : spec.usageMessage().footer()) {
            if (line.strip().equals("Examples:")) {
                in = true;
            } else if (in && !line.isBlank()) {
                lines.add(line.strip());
            }
        }
        if (lines.isEmpty()) {
            return;
        }
        t.append(heading ? ".SH EXAMPLES\n" : ".PP\nExamples:\n").append(".PP\n.nf\n.RS 4\n");
        lines.forEach(l -> t.append(escape(l)).append('\n'));
        t.append(".RE\n.fi\n");
    }

    private static void exit(StringBuilder t, int code, String meaning) {
        t.append(".TP\n.B ").append(code).append('\n').append(escape(meaning)).append('\n');
    }

    private static void paragraph(StringBuilder t, String text) {
        if (!text.isBlank()) {
            t.append(escape(text)).append('\n');
        }
    }

    private static String firstSentence(CommandSpec spec) {
        String d = String.join(" ", spec.usageMessage().description()).strip();
        int stop = d.indexOf(". ");
        String first = stop > 0 ? d.substring(0, stop) : d.endsWith(".") ? d.substring(0, d.length() - 1) : d;
        return first.isEmpty() ? spec.name() : first;
    }

    /** picocli's description with its default-value variable filled in, as --help prints it. */
    private static String describe(String[] description, String defaultValue) {
        return String.join(" ", description).replace("${DEFAULT-VALUE}", String.valueOf(defaultValue))
                .replace("%n", " ");
    }

    /**
     * Text for troff: a backslash is {@code \e}, a hyphen {@code \-} (so options copy and paste as typed), and a
     * line never starts with a control character.
     */
    static String escape(String s) {
        String out = s.replace("\\", "\\e").replace("-", "\\-");
        StringBuilder b = new StringBuilder();
        for (String line : out.split("\n", -1)) {
            if (b.length() > 0) {
                b.append('\n');
            }
            b.append(line.startsWith(".") || line.startsWith("'") ? "\\&" + line : line);
        }
        return b.toString();
    }

    /** gzip -n: no name, no time, so the package's bytes do not change with the build's clock. */
    private static void gzip(Path file, String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream z = new GZIPOutputStream(bytes)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        }
        Files.write(file, bytes.toByteArray());
    }
}
