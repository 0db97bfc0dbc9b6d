package io.brine.modules.locale;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Salt's {@code locale} states on Debian. The files are constructor arguments so tests can use temporary
 * copies; {@link java.util.ServiceLoader} uses the system's.
 *
 * <pre>{@code
 * new LocaleStates(dir.resolve("locale.gen"), Path.of("/usr/share/i18n/SUPPORTED"), dir.resolve("locale"));
 * }</pre>
 */
public final class LocaleStates implements FunctionModule {
    private final Path localeGen;
    private final Path supported;
    private final Path defaultLocale;

    public LocaleStates() {
        this(Path.of("/etc/locale.gen"), Path.of("/usr/share/i18n/SUPPORTED"), Path.of("/etc/default/locale"));
    }

    /**
     * @param localeGen the locales locale-gen builds
     * @param supported the locales glibc can build, one {@code name charmap} a line
     * @param defaultLocale where the system's LANG is set
     */
    public LocaleStates(Path localeGen, Path supported, Path defaultLocale) {
        this.localeGen = Objects.requireNonNull(localeGen, "localeGen");
        this.supported = Objects.requireNonNull(supported, "supported");
        this.defaultLocale = Objects.requireNonNull(defaultLocale, "defaultLocale");
    }

    @Override
    public String name() {
        return "locale";
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new LocalePresent(localeGen, supported), new LocaleSystem(defaultLocale));
    }
}
