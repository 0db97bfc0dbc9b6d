package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.JinjavaInterpreterResolver;
import com.hubspot.jinjava.objects.collections.PyMap;
import io.brine.states.internal.jinja.TemplateDict;
import java.beans.FeatureDescriptor;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import com.hubspot.jinjava.el.ext.AbstractCallableMethod;
import jinjava.javax.el.CompositeELResolver;
import jinjava.javax.el.ELException;
import jinjava.javax.el.ELContext;
import jinjava.javax.el.ELResolver;

/**
 * A link ahead of Jinjava's resolvers that answers method calls on strings, dicts and lists with Python's methods
 * ({@link StrMethods}, {@link DictMethods}, {@link ListMethods}). Anything else falls through to Jinjava, unchanged,
 * with its own restrictions. Only dicts that are plain template data are served, never a map-shaped object like
 * {@code salt}.
 */
public final class PythonMethods extends ELResolver {
    /** Jinjava's read-only chain with this link first, for {@code JinjavaConfig.newBuilder().withElResolver(...)}. */
    public static ELResolver chain() {
        CompositeELResolver chain = new CompositeELResolver();
        chain.add(new PythonMethods());
        chain.add(JinjavaInterpreterResolver.DEFAULT_RESOLVER_READ_ONLY);
        return chain;
    }

    private PythonMethods() {}

    @Override
    public Object invoke(ELContext context, Object base, Object method, Class<?>[] paramTypes, Object[] params) {
        if (method == null) {
            return null;
        }
        Object[] args = params == null ? new Object[0] : params;
        Optional<Object> result = Optional.empty();
        try {
            if (base instanceof String s) {
                result = StrMethods.call(s, method.toString(), args);
            } else if (base instanceof TemplateDict || base instanceof PyMap) {
                result = DictMethods.call((Map<?, ?>) base, method.toString(), args);
            } else if (base instanceof List<?> list) {
                result = ListMethods.call(list, method.toString(), args);
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new ELException(method + "() is missing an argument");
        } catch (IllegalArgumentException e) {
            // as it is: Jinjava takes this exception from a resolver for "no such method" and drops the message
            throw new ELException(e.getMessage(), e);
        } catch (UnsupportedOperationException e) {
            throw new ELException("this " + Undefined.pythonType(base) + " cannot be changed: " + method + "()");
        }
        if (result.isEmpty()) {
            refuseCallingData(base, method.toString());
            return null;
        }
        context.setPropertyResolved(true);
        return result.get();
    }

    /** {@code pillar.port()}: Python's words when the dict's value is data, not a function (a macro is one). */
    private static void refuseCallingData(Object base, String name) {
        if ((base instanceof TemplateDict || base instanceof PyMap) && ((Map<?, ?>) base).containsKey(name)) {
            Object value = ((Map<?, ?>) base).get(name);
            if (!(value instanceof AbstractCallableMethod)) {
                throw new ELException("'" + Undefined.pythonType(value) + "' object is not callable");
            }
        }
    }

    @Override
    public Object getValue(ELContext context, Object base, Object property) {
        return null;
    }

    @Override
    public Class<?> getType(ELContext context, Object base, Object property) {
        return null;
    }

    @Override
    public void setValue(ELContext context, Object base, Object property, Object value) {
        // not ours: Jinjava's resolvers decide
    }

    @Override
    public boolean isReadOnly(ELContext context, Object base, Object property) {
        return true;
    }

    @Override
    public Iterator<FeatureDescriptor> getFeatureDescriptors(ELContext context, Object base) {
        return null;
    }

    @Override
    public Class<?> getCommonPropertyType(ELContext context, Object base) {
        return null;
    }
}
