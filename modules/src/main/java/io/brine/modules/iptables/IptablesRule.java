package io.brine.modules.iptables;

import io.brine.functions.FunctionException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An iptables rule specification built from a state's keyword arguments, as Salt's {@code iptables.build_rule}
 * builds it ({@code proto: tcp, dport: 22, jump: ACCEPT} is {@code -p tcp --dport 22 -j ACCEPT}): interfaces,
 * protocol, matches, connection state, ports, comment, then every other key as {@code --key value}, and the target
 * with its options last. A value starting with {@code !} or {@code not} negates its option. The words are argv, never
 * a shell line. {@code --modprobe}, which names a program iptables would run, is refused.
 */
final class IptablesRule {
    /** Keys that are the state's own, not the rule's. */
    private static final Set<String> NOT_RULE = Set.of("name", "names", "table", "chain", "family", "save", "position",
            "state", "rules");
    /** Target options, which iptables takes after the target (a subset of Salt's list: those formulas use). */
    private static final List<String> AFTER_JUMP = List.of("reject-with", "log-prefix", "log-level",
            "log-tcp-sequence", "log-tcp-options", "log-ip-options", "log-uid", "to-destination", "to-source",
            "to-ports", "to-port", "set-mark", "set-xmark", "and-mark", "or-mark", "xor-mark", "set-mss",
            "clamp-mss-to-pmtu", "set-dscp", "set-dscp-class", "set-tos", "queue-num", "queue-bypass", "nflog-group",
            "nflog-prefix", "random", "persistent", "restore-mark", "save-mark", "nfmask", "ctmask", "mask",
            "notrack", "zone", "helper", "add-set", "del-set", "exist", "timeout", "checksum-fill", "ttl-set",
            "ttl-dec", "ttl-inc", "hl-set", "hl-dec", "hl-inc");

    private IptablesRule() {
    }

    /** The rule's words from a state's (or build_rule's) keyword arguments. */
    static List<String> of(Map<String, Object> arguments) throws FunctionException {
        Map<String, Object> kw = new LinkedHashMap<>();
        arguments.forEach((k, v) -> {
            if (!NOT_RULE.contains(k) && v != null) {
                kw.put(k, v);
            }
        });
        if (kw.containsKey("target")) {
            kw.put("jump", kw.remove("target"));
        }
        List<String> rule = new ArrayList<>();
        boolean protocol = false;
        option(rule, kw, "if", "-i");
        option(rule, kw, "of", "-o");
        if (kw.containsKey("proto") && !"policy".equals(kw.get("match"))) {
            kw.put("protocol", kw.remove("proto"));
        }
        if (kw.containsKey("protocol")) {
            option(rule, kw, "protocol", "-p");
            protocol = true;
        }
        if (kw.containsKey("match")) {
            Object match = kw.remove("match");
            List<?> matches = match instanceof List<?> l ? l : List.of(String.valueOf(match).split(","));
            for (Object m : matches) {
                rule.add("-m");
                rule.add(String.valueOf(m).strip());
            }
        }
        if (kw.containsKey("connstate")) {
            if (!contains(rule, "-m", "state")) {
                rule.add("-m");
                rule.add("state");
            }
            option(rule, kw, "connstate", "--state");
        }
        option(rule, kw, "dport", "--dport");
        option(rule, kw, "sport", "--sport");
        for (String ports : List.of("dports", "sports")) {
            if (kw.containsKey(ports)) {
                if (!protocol) {
                    throw new FunctionException("iptables: " + ports + " needs a protocol (proto: tcp)");
                }
                if (!contains(rule, "-m", "multiport")) {
                    rule.add("-m");
                    rule.add("multiport");
                }
                Object value = kw.remove(ports);
                List<String> each = new ArrayList<>();
                boolean negated = false;
                for (Object p : value instanceof List<?> l ? l : List.of(value)) {
                    String text = String.valueOf(p);
                    negated |= negated(text);
                    each.add(bare(text));
                }
                if (negated) {
                    rule.add("!");
                }
                rule.add("--" + ports);
                rule.add(String.join(",", each));
            }
        }
        if (kw.containsKey("comment")) {
            if (!contains(rule, "-m", "comment")) {
                rule.add("-m");
                rule.add("comment");
            }
            rule.add("--comment");
            rule.add(String.valueOf(kw.remove("comment")));
        }
        List<String> afterJump = new ArrayList<>();
        for (String jump : List.of("j", "jump")) {
            if (kw.containsKey(jump)) {
                afterJump.add("-j");
                afterJump.add(String.valueOf(kw.remove(jump)));
            }
        }
        for (String option : AFTER_JUMP) {
            if (kw.containsKey(option)) {
                afterJump.addAll(flag(option, kw.remove(option)));
            }
        }
        for (Map.Entry<String, Object> e : kw.entrySet()) {
            String key = e.getKey();
            if (!key.matches("[a-z][a-z0-9-]*")) {
                throw new FunctionException("iptables: '" + key + "' is not an iptables option");
            }
            String text = String.valueOf(e.getValue());
            if (negated(text)) {
                rule.add("!");
            }
            rule.addAll(flag(key, bare(text)));
        }
        rule.addAll(afterJump);
        refuseModprobe(rule);
        return List.copyOf(rule);
    }

    /** Refuses {@code --modprobe}: a program iptables would run as root. */
    static void refuseModprobe(List<String> words) throws FunctionException {
        for (String w : words) {
            if (w.equals("--modprobe") || w.startsWith("--modprobe=") || w.equals("modprobe")) {
                throw new FunctionException("iptables: --modprobe is refused: it names a program iptables would run");
            }
        }
    }

    /** {@code --key value}, {@code -k value} for one letter, or the bare flag for an empty value. */
    private static List<String> flag(String key, Object value) {
        String name = (key.length() == 1 ? "-" : "--") + key;
        String text = value == null ? "" : String.valueOf(value);
        return text.isEmpty() ? List.of(name) : List.of(name, text);
    }

    private static void option(List<String> rule, Map<String, Object> kw, String key, String flag) {
        if (kw.containsKey(key)) {
            String text = String.valueOf(kw.remove(key));
            if (negated(text)) {
                rule.add("!");
            }
            rule.add(flag);
            rule.add(bare(text));
        }
    }

    private static boolean negated(String value) {
        return value.startsWith("!") || value.startsWith("not ");
    }

    private static String bare(String value) {
        return value.replaceFirst("^(!|not )\\s*", "");
    }

    private static boolean contains(List<String> rule, String flag, String value) {
        for (int i = 0; i + 1 < rule.size(); i++) {
            if (rule.get(i).equals(flag) && rule.get(i + 1).equals(value)) {
                return true;
            }
        }
        return false;
    }
}
