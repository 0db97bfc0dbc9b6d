package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Batch;
import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobReturn;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionOutcome;
import io.brine.jobs.MinionResult;
import io.brine.jobs.RunningJob;
import io.brine.jobs.Subscription;
import io.brine.targeting.TargetType;
import io.brine.transport.RouterLimits;
import io.brine.transport.TransportRuntime;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The embedding API speaks its own types: no public method, constructor or field of the classes an embedding
 * application holds mentions a wire record ({@code io.brine.protocol}) or a transport internal
 * ({@code io.brine.transport}), in a parameter, a return, a declared exception or any generic argument of those.
 * The exceptions: the runtime an embedder may hand a master ({@link TransportRuntime}, Netty's
 * {@code EventLoopGroup}), shared with the minions an application starts beside the master; and the listener's
 * limits in {@link MasterConfig} ({@link RouterLimits}), which the check found once it read every public type of
 * the package rather than a list: a component of the config record since before, left until the record can
 * change its canonical constructor.
 */
class EmbeddingApiTypesTest {
    /** Types an embedding application holds; every public type of the package is checked, these at least. */
    private static final List<Class<?>> KNOWN = List.of(Master.class, MasterClient.class, MasterKeys.class,
            EventBus.class, Subscription.class, EventPublisher.class, EventPublisher.Overflow.class,
            Event.class, JobSpec.class, Batch.class, JobFilter.class, Principal.class, AccessDeniedException.class,
            Job.class, JobReturn.class, RunningJob.class, MinionResult.class, MinionOutcome.class, JobOverview.class,
            KeyList.class, ConnectionStats.class);
    private static final Set<Class<?>> ALLOWED = Set.of(TransportRuntime.class, RouterLimits.class);
    private static final List<String> FORBIDDEN = List.of("io.brine.protocol", "io.brine.transport");

    @Test
    void theEmbeddingApiMentionsNoWireOrTransportType() throws Exception {
        List<Class<?>> api = new ArrayList<>(publicTypesOf(Master.class));
        api.addAll(publicTypesOf(Job.class));
        assertTrue(api.containsAll(KNOWN), "the scan found " + api);
        api.add(TargetType.class);
        List<String> leaks = new ArrayList<>();
        for (Class<?> type : api) {
            for (Method m : type.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !m.isSynthetic()) {
                    check(type, m, List.of(m.getGenericReturnType()), leaks);
                }
            }
            for (Constructor<?> c : type.getDeclaredConstructors()) {
                if (Modifier.isPublic(c.getModifiers())) {
                    check(type, c, List.of(), leaks);
                }
            }
            for (Field f : type.getDeclaredFields()) {
                if (Modifier.isPublic(f.getModifiers())) {
                    leaks.addAll(leaks(type.getSimpleName() + "." + f.getName(), f.getGenericType()));
                }
            }
        }
        assertEquals(List.of(), leaks);
    }

    /**
     * Every public type (nested ones included) of an exported API package (io.brine.master, and io.brine.jobs
     * whose values it speaks), the one of {@code anchor}, read from the compiled classes: a type added later is
     * checked without anyone remembering to list it.
     */
    private static List<Class<?>> publicTypesOf(Class<?> anchor) throws Exception {
        Path classes = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        String pkg = anchor.getPackageName();
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(classes.resolve(pkg.replace('.', '/')))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = f.getFileName().toString().replaceFirst("\\.class$", "");
                if (name.equals("package-info") || name.equals("module-info")) {
                    continue;
                }
                Class<?> c = Class.forName(pkg + "." + name, false, anchor.getClassLoader());
                if (isPublicApi(c)) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static boolean isPublicApi(Class<?> c) {
        for (Class<?> t = c; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theCheckFindsAWireTypeHiddenInAGenericArgument() throws NoSuchMethodException {
        Method hidden = Hidden.class.getDeclaredMethod("lookup", List.class);
        List<String> leaks = new ArrayList<>();
        check(Hidden.class, hidden, List.of(hidden.getGenericReturnType()), leaks);
        assertEquals(2, leaks.size(), leaks.toString());
        assertTrue(leaks.get(0).contains("io.brine.protocol.JobRecord"), leaks.toString());
        assertTrue(leaks.get(1).contains("io.brine.protocol.MinionReturn"), leaks.toString());
    }

    /** What the check must catch: wire types as generic arguments, in and out. */
    private interface Hidden {
        CompletableFuture<? extends io.brine.protocol.JobRecord> lookup(
                List<java.util.Map<String, io.brine.protocol.MinionReturn[]>> in);
    }

    private static void check(Class<?> type, Executable e, List<Type> returns, List<String> leaks) {
        String where = type.getSimpleName() + "." + e.getName();
        List<Type> types = new ArrayList<>(returns);
        types.addAll(List.of(e.getGenericParameterTypes()));
        types.addAll(List.of(e.getGenericExceptionTypes()));
        for (Type t : types) {
            leaks.addAll(leaks(where, t));
        }
    }

    private static List<String> leaks(String where, Type t) {
        return leaks(where, t, new HashSet<>());
    }

    /** {@code seen}: type variables already followed, for bounds that name themselves ({@code T extends C<T>}). */
    private static List<String> leaks(String where, Type t, Set<TypeVariable<?>> seen) {
        List<String> out = new ArrayList<>();
        if (t instanceof Class<?> c) {
            Class<?> base = c;
            while (base.isArray()) {
                base = base.getComponentType();
            }
            String name = base.getName();
            if (!ALLOWED.contains(base) && FORBIDDEN.stream().anyMatch(p -> name.startsWith(p + "."))) {
                out.add(where + " mentions " + name);
            }
        } else if (t instanceof ParameterizedType p) {
            out.addAll(leaks(where, p.getRawType(), seen));
            for (Type arg : p.getActualTypeArguments()) {
                out.addAll(leaks(where, arg, seen));
            }
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                out.addAll(leaks(where, b, seen));
            }
            for (Type b : w.getLowerBounds()) {
                out.addAll(leaks(where, b, seen));
            }
        } else if (t instanceof GenericArrayType a) {
            out.addAll(leaks(where, a.getGenericComponentType(), seen));
        } else if (t instanceof TypeVariable<?> v && seen.add(v)) {
            for (Type b : v.getBounds()) {
                out.addAll(leaks(where, b, seen));
            }
        }
        return out;
    }
}
