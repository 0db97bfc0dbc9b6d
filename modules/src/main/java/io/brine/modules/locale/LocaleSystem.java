package io.brine.modules.locale;

import io.brine.functions.Arguments;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code locale.system}: the system's default locale, {@code LANG} in /etc/default/locale (Debian's file, which
 * localectl would write through systemd).
 *
 * <pre>
 * en_US.UTF-8:
 *   locale.system:
 *     - require:
 *       - locale: en_US.UTF-8
 * </pre>
 */
final class LocaleSystem implements StateFunction {
    private static final Pattern LANG = Pattern.compile("^\\s*LANG=(.*)$");
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_.@-]+");

    private final Path defaultLocale;

    LocaleSystem(Path defaultLocale) {
        this.defaultLocale = defaultLocale;
    }

    @Override
    public String name() {
        return "system";
    }

    @Override
    public String doc() {
        return "Sets the system locale: LANG in /etc/default/locale.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException {
        String name = args.name();
        if (!SAFE.matcher(name).matches()) {
            return StateResult.failed("Invalid locale name '" + name + "'");
        }
        String before = TextEdit.read(defaultLocale);
        if (current(before).filter(name::equals).isPresent()) {
            return StateResult.ok("System locale " + name + " already set");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of("locale", name), "System locale " + name + " needs to be set");
        }
        StateResult written = TextEdit.apply(defaultLocale, before, withLang(before, name), true, ctx);
        if (written.failed()) {
            return StateResult.failed("Failed to set system locale: " + written.comment());
        }
        return StateResult.changed(Map.of("locale", name), "Set system locale " + name);
    }

    /** LANG's value without quotes, the last assignment winning as when the file is sourced. */
    static Optional<String> current(String text) {
        Optional<String> value = Optional.empty();
        for (String line : text.lines().toList()) {
            Matcher m = LANG.matcher(line);
            if (m.matches()) {
                value = Optional.of(m.group(1).strip().replaceAll("^[\"']|[\"']$", ""));
            }
        }
        return value;
    }

    /** The first LANG line replaced (later ones dropped, as they would override it), or one added. */
    static String withLang(String text, String name) {
        List<String> lines = TextEdit.lines(text);
        boolean done = false;
        for (int i = 0; i < lines.size(); i++) {
            if (LANG.matcher(lines.get(i)).matches()) {
                if (done) {
                    lines.remove(i--);
                } else {
                    lines.set(i, "LANG=\"" + name + "\"");
                    done = true;
                }
            }
        }
        if (!done) {
            lines.add("LANG=\"" + name + "\"");
        }
        return TextEdit.join(lines);
    }
}
