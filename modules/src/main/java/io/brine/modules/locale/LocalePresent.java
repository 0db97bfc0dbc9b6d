package io.brine.modules.locale;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.modules.file.TextEdit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code locale.present}: a locale generated. The entry is enabled in /etc/locale.gen, so a later
 * {@code locale-gen} keeps it, and compiled at once with {@code localedef}, which adds just this locale where
 * locale-gen would rebuild them all.
 *
 * <pre>
 * nl_NL.UTF-8:
 *   locale.present
 * </pre>
 */
final class LocalePresent implements StateFunction {
    private final Path localeGen;
    private final Path supported;

    LocalePresent(Path localeGen, Path supported) {
        this.localeGen = localeGen;
        this.supported = supported;
    }

    @Override
    public String name() {
        return "present";
    }

    @Override
    public String doc() {
        return "Ensures a locale is generated: enabled in /etc/locale.gen and compiled with localedef.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String name = args.name();
        Optional<LocaleName> locale = LocaleName.parse(name);
        if (locale.isEmpty()) {
            return StateResult.failed("Invalid locale name '" + name + "': expected a form like en_US.UTF-8");
        }
        if (available(locale.get(), ctx)) {
            return StateResult.ok("Locale " + name + " is already present");
        }
        String entry = locale.get().entry();
        if (!TextEdit.read(supported).lines().map(String::strip).toList().contains(entry)) {
            return StateResult.failed("Failed to generate locale " + name + ": '" + entry + "' is not listed in " + supported);
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("locale", name), "Locale " + name + " needs to be generated");
        }
        String before = TextEdit.read(localeGen);
        StateResult listed = TextEdit.apply(localeGen, before, enabled(before, entry), false, ctx);
        if (listed.failed()) {
            return listed;
        }
        CommandResult r = ctx.commands().run("localedef", "-i", locale.get().input(), "-c", "-f", locale.get().charmap(),
                locale.get().name());
        // -c lets localedef write a locale despite warnings, so whether it exists now is the test of success
        if (!available(locale.get(), ctx)) {
            return StateResult.failed("Failed to generate locale " + name + ": " + r.diagnostic());
        }
        return StateResult.changed(Map.of("locale", name), "Generated locale " + name);
    }

    /** {@code locale -a} lists it, compared as glibc normalises names (UTF-8 is utf8). */
    static boolean available(LocaleName locale, StateContext ctx) throws IOException, InterruptedException {
        CommandResult r = ctx.commands().run("locale", "-a");
        return r.ok() && r.stdout().lines().map(String::strip).map(LocaleName::parse).flatMap(Optional::stream)
                .anyMatch(l -> l.normalized().equals(locale.normalized()));
    }

    /** The locale.gen text with the entry uncommented where it is commented out, or added at the end. */
    static String enabled(String text, String entry) {
        List<String> lines = TextEdit.lines(text);
        if (lines.stream().map(String::strip).anyMatch(entry::equals)) {
            return text;
        }
        Pattern commented = Pattern.compile("^\\s*#\\s*" + Pattern.quote(entry) + "\\s*$");
        for (int i = 0; i < lines.size(); i++) {
            if (commented.matcher(lines.get(i)).matches()) {
                lines.set(i, entry);
                return TextEdit.join(lines);
            }
        }
        lines.add(entry);
        return TextEdit.join(lines);
    }
}
