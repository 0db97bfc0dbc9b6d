package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.targeting.TargetType;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The embedding API speaks its own types: no public method, constructor or field of the classes an embedding
 * application holds mentions a wire record ({@code io.brine.protocol}) or a transport internal
 * ({@code io.brine.transport}), in a parameter, a return, a declared exception or any generic argument of those.
 * The one exception is the runtime an embedder may hand a master ({@link TransportRuntime}, Netty's
 * {@code EventLoopGroup}): it is shared with the minions an application starts beside the master.
 */
class EmbeddingApiTypesTest {
    private static final List<Class<?>> API = List.of(Master.class, MasterClient.class, MasterKeys.class,
            EventBus.class, EventBus.Subscription.class, Event.class, JobSpec.class, Batch.class, TargetType.class,
            JobFilter.class, Principal.class, AccessDeniedException.class, Job.class, MinionResult.class,
            MinionOutcome.class, JobOverview.class, KeyList.class, ConnectionStats.class);
    private static final Set<Class<?>> ALLOWED = Set.of(TransportRuntime.class);
    private static final List<String> FORBIDDEN = List.of("io.brine.protocol", "io.brine.transport");

    @Test
    void theEmbeddingApiMentionsNoWireOrTransportType() {
        List<String> leaks = new ArrayList<>();
        for (Class<?> type : API) {
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
