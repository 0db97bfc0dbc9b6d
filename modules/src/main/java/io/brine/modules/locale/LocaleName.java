package io.brine.modules.locale;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A locale as written in /etc/locale.gen and Salt states, {@code language_TERRITORY.codeset@modifier charmap}
 * ({@code nl_NL.UTF-8}, {@code de_DE@euro ISO-8859-15}). Without a charmap the codeset serves, as Salt assumes on
 * Debian.
 */
record LocaleName(String language, String territory, String codeset, String modifier, String charmap) {
    private static final Pattern FORM = Pattern.compile(
            "([a-z]{2,3})(?:_([A-Za-z]{2}|[0-9]{3}))?(?:\\.([A-Za-z0-9-]+))?(?:@([A-Za-z0-9]+))?(?:\\s+([A-Za-z0-9_-]+))?");

    static Optional<LocaleName> parse(String text) {
        Matcher m = FORM.matcher(text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        String codeset = m.group(3) == null ? "" : m.group(3);
        String charmap = m.group(5) != null ? m.group(5) : codeset;
        return Optional.of(new LocaleName(m.group(1), m.group(2) == null ? "" : m.group(2), codeset,
                m.group(4) == null ? "" : m.group(4), charmap));
    }

    /** The locale's name, {@code nl_NL.UTF-8}: what LANG holds and localedef creates. */
    String name() {
        return base() + (codeset.isEmpty() ? "" : "." + codeset) + suffix();
    }

    /** The source definition localedef reads, {@code nl_NL} or {@code de_DE@euro}. */
    String input() {
        return base() + suffix();
    }

    /** The line for /etc/locale.gen and /usr/share/i18n/SUPPORTED, {@code nl_NL.UTF-8 UTF-8}. */
    String entry() {
        return (name() + " " + charmap).strip();
    }

    /** The name as {@code locale -a} lists it, {@code nl_NL.utf8}: codeset lower case without dashes. */
    String normalized() {
        String cs = codeset.toLowerCase(Locale.ROOT).replace("-", "");
        return base() + (cs.isEmpty() ? "" : "." + cs) + suffix();
    }

    private String base() {
        return language + (territory.isEmpty() ? "" : "_" + territory);
    }

    private String suffix() {
        return modifier.isEmpty() ? "" : "@" + modifier;
    }
}
