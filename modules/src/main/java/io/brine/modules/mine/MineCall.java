package io.brine.modules.mine;

import io.brine.functions.FunctionException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of {@code mine_functions} as Salt reads it: the name its value is stored under, the execution
 * function that makes it ({@code mine_function:} aliases another), and its arguments.
 * <pre>
 * mine_functions:
 *   network.ip_addrs: [eth0]              # positional arguments
 *   network.interfaces: {}                # none
 *   internal_ip:                          # an alias, with keyword arguments
 *     mine_function: network.ip_addrs
 *     cidr: 10.0.0.0/8
 *   ip_list:                              # list form: one-key mappings are keyword arguments
 *     - mine_function: grains.get
 *     - ip_interfaces
 * </pre>
 */
record MineCall(String name, String function, List<Object> args, Map<String, Object> kwargs) {
    private static final String ALIAS = "mine_function";

    MineCall {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(function, "function");
        args = List.copyOf(args);
        kwargs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(kwargs));
    }

    /** Every entry of {@code functions} ({@code mine_functions}, config and pillar merged), in order. */
    static List<MineCall> all(Map<String, Object> functions) throws FunctionException {
        List<MineCall> calls = new ArrayList<>();
        for (Map.Entry<String, Object> e : functions.entrySet()) {
            calls.add(of(e.getKey(), e.getValue()));
        }
        return calls;
    }

    /** One entry: its name and the list, mapping or nothing it maps to. */
    static MineCall of(String name, Object how) throws FunctionException {
        List<Object> args = new ArrayList<>();
        Map<String, Object> kwargs = new LinkedHashMap<>();
        if (how instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map<?, ?> m && m.size() == 1) {
                    m.forEach((k, v) -> kwargs.put(String.valueOf(k), v));
                } else {
                    args.add(item);
                }
            }
        } else if (how instanceof Map<?, ?> m) {
            m.forEach((k, v) -> kwargs.put(String.valueOf(k), v));
        } else if (how != null && !"".equals(how)) {
            throw new FunctionException("mine_functions: '" + name + "' maps to " + how + "; give a list of "
                    + "arguments, a mapping of keyword arguments, or nothing");
        }
        return of(name, args, kwargs);
    }

    /** An entry given as its arguments ({@code mine.send}): {@code mine_function} among the keywords aliases. */
    static MineCall of(String name, List<Object> args, Map<String, Object> keywords) throws FunctionException {
        Map<String, Object> kwargs = new LinkedHashMap<>(keywords);
        for (String acl : List.of("allow_tgt", "allow_tgt_type")) {
            if (kwargs.containsKey(acl)) {
                // an access rule silently dropped would publish what its author meant to restrict
                throw new FunctionException("mine_functions: '" + name + "' sets " + acl + ", which Brine does not "
                        + "take from minions: restrict who reads mine entries with the master's mine_acl");
            }
        }
        Object alias = kwargs.remove(ALIAS);
        String function = alias == null ? name : String.valueOf(alias);
        return new MineCall(name, function, args, kwargs);
    }
}
