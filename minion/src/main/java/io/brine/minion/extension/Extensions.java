package io.brine.minion.extension;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.StateFunction;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The minion's functions with its extension modules added: executables with manifests from the extension
 * directories, then Java {@link FunctionModule}s from the extension jars, each in sorted order. An extension that
 * cannot be registered (a malformed manifest, a name a built-in function or another extension has, an executable
 * missing or writable by anyone) is refused with its reason, logged, and the others still load: one bad file
 * must not take every function of a minion away.
 *
 * <pre>{@code
 * Extensions.Loaded all = Extensions.load(FunctionRegistry.installed(), dirs, jars, LOG);
 * all.registry().find("hello.greet");
 * }</pre>
 */
public final class Extensions {
    /** Manifests read from one directory, at most: a directory of thousands is a mistake, not a fleet. */
    static final int MAX_PER_DIRECTORY = 1000;

    /** The registry to run, and a line for each extension registered and each refused. */
    public record Loaded(FunctionRegistry registry, List<String> registered, List<String> refused) {
        public Loaded {
            registered = List.copyOf(registered);
            refused = List.copyOf(refused);
        }
    }

    private final FunctionRegistry builtins;
    private final Logger log;
    private final Set<String> moduleNames = new HashSet<>();
    private final Set<String> functionNames = new HashSet<>();
    private final Map<String, String> extensionModules = new HashMap<>();
    private final List<FunctionModule> added = new ArrayList<>();
    private final List<String> registered = new ArrayList<>();
    private final List<String> refused = new ArrayList<>();

    private Extensions(FunctionRegistry builtins, Logger log) {
        this.builtins = builtins;
        this.log = log;
        builtins.modules().forEach(m -> moduleNames.add(m.name()));
        functionNames.addAll(builtins.names());
        functionNames.addAll(builtins.stateNames());
    }

    /** {@code builtins} and every extension in {@code dirs} and {@code jars} that can be registered. */
    public static Loaded load(FunctionRegistry builtins, List<Path> dirs, List<Path> jars, Logger log) {
        Extensions e = new Extensions(builtins, log);
        dirs.forEach(e::scan);
        jars.stream().sorted().forEach(e::loadJar);
        List<FunctionModule> all = new ArrayList<>(builtins.modules());
        all.addAll(e.added);
        return new Loaded(FunctionRegistry.of(all), e.registered, e.refused);
    }

    private void scan(Path dir) {
        if (!Files.isDirectory(dir)) {
            return; // the default directory exists only where the package made it
        }
        List<Path> manifests;
        try (Stream<Path> files = Files.list(dir)) {
            manifests = files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted()
                    .limit(MAX_PER_DIRECTORY + 1L).toList();
        } catch (IOException e) {
            refuse(dir + ": cannot list extensions: " + e.getMessage());
            return;
        }
        if (manifests.size() > MAX_PER_DIRECTORY) {
            refuse(dir + ": more than " + MAX_PER_DIRECTORY + " manifests; only the first " + MAX_PER_DIRECTORY
                    + " are read");
            manifests = manifests.subList(0, MAX_PER_DIRECTORY);
        }
        for (Path manifest : manifests) {
            String file = manifest.getFileName().toString();
            Path executable = manifest.resolveSibling(file.substring(0, file.length() - ".yaml".length()));
            try {
                register(ExtensionManifest.read(manifest, checked(manifest, executable)), manifest.toString());
            } catch (ManifestException e) {
                refuse(e.getMessage());
            }
        }
    }

    /** The executable beside {@code manifest}, if it is one that may run as the minion. */
    private static Path checked(Path manifest, Path executable) throws ManifestException {
        if (!Files.isRegularFile(executable)) {
            throw new ManifestException(manifest + ": no executable " + executable.getFileName() + " beside it");
        }
        if (!Files.isExecutable(executable)) {
            throw new ManifestException(manifest + ": " + executable + " is not executable");
        }
        for (Path p : List.of(manifest, executable)) {
            try {
                Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
                if (perms.contains(PosixFilePermission.OTHERS_WRITE)) {
                    throw new ManifestException(manifest + ": " + p + " is writable by every user, who could then "
                            + "run anything as the minion");
                }
            } catch (UnsupportedOperationException | IOException e) {
                // not a POSIX file system: nothing to judge by
            }
        }
        return executable;
    }

    private void register(ExtensionManifest manifest, String source) throws ManifestException {
        String module = manifest.module();
        if (moduleNames.contains(module) && !extensionModules.containsKey(module)) {
            throw new ManifestException(source + ": module '" + module + "' is built in");
        }
        if (extensionModules.containsKey(module)) {
            throw new ManifestException(source + ": module '" + module + "' is already registered by "
                    + extensionModules.get(module));
        }
        for (ExtensionManifest.Declared d : manifest.functions()) {
            if (functionNames.contains(module + "." + d.name())) {
                throw new ManifestException(source + ": " + module + "." + d.name() + " is a built-in function");
            }
        }
        add(new ExtensionModule(manifest), source);
    }

    private void add(FunctionModule module, String source) {
        moduleNames.add(module.name());
        extensionModules.put(module.name(), source);
        module.execution().forEach(f -> functionNames.add(f.name()));
        module.states().forEach(f -> functionNames.add(module.name() + "." + f.name()));
        added.add(module);
        List<String> names = new ArrayList<>(module.execution().stream().map(ExecutionFunction::name).toList());
        module.states().stream().map(StateFunction::name).map(n -> module.name() + "." + n + " (state)")
                .forEach(names::add);
        String line = "extension module " + module.name() + " from " + source + ": " + String.join(", ", names);
        registered.add(line);
        log.log(Level.INFO, line);
    }

    /** Java modules from {@code jar}, in a class loader of their own below the minion's. */
    private void loadJar(Path jar) {
        if (!Files.isRegularFile(jar)) {
            refuse(jar + ": no such extension jar");
            return;
        }
        URLClassLoader loader;
        try {
            loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, Extensions.class.getClassLoader());
        } catch (MalformedURLException e) {
            refuse(jar + ": " + e.getMessage());
            return;
        }
        List<FunctionModule> modules = new ArrayList<>();
        try {
            ServiceLoader.load(FunctionModule.class, loader).stream()
                    .filter(p -> p.type().getClassLoader() == loader) // the minion's own are built in already
                    .forEach(p -> modules.add(p.get()));
        } catch (java.util.ServiceConfigurationError | RuntimeException | LinkageError e) {
            refuse(jar + ": cannot load its modules: " + e.getMessage());
            return;
        }
        modules.sort(Comparator.comparing(FunctionModule::name).thenComparing(m -> m.getClass().getName()));
        for (FunctionModule m : modules) {
            String source = jar + " (" + m.getClass().getName() + ")";
            try {
                FunctionRegistry.of(List.of(m)); // its own names well formed
                if (moduleNames.contains(m.name())) {
                    throw new ManifestException(source + ": module '" + m.name() + "' is "
                            + (extensionModules.containsKey(m.name()) ? "already registered by "
                                    + extensionModules.get(m.name()) : "built in"));
                }
                for (ExecutionFunction f : m.execution()) {
                    if (functionNames.contains(f.name())) {
                        throw new ManifestException(source + ": " + f.name() + " is already registered");
                    }
                }
                add(m, source);
            } catch (ManifestException e) {
                refuse(e.getMessage());
            } catch (IllegalArgumentException e) {
                refuse(source + ": " + e.getMessage());
            }
        }
    }

    private void refuse(String why) {
        refused.add(why);
        log.log(Level.WARNING, "extension refused: " + why);
    }
}
