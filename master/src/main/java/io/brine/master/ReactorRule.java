package io.brine.master;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One reaction from the master config's {@code reactor} list: when an event's tag matches {@code tag}, run
 * {@code fun} on {@code tgt} — by default {@code event}, the minion the event is about.
 *
 * <pre>
 * reactor:
 *   - tag: 'brine/minion/*&#47;start'
 *     fun: state.apply
 *   - tag: 'brine/minion/*&#47;event/deploy'
 *     fun: cmd.run
 *     tgt: 'G@role:web'
 *     tgt_type: compound
 *     arg: ['systemctl reload nginx']
 * </pre>
 */
public record ReactorRule(String tag, String fun, String tgt, String tgtType, List<Object> arg,
        Map<String, Object> kwarg) {
    /** The target that means "the minion named in the event". */
    public static final String EVENT_MINION = "event";

    public ReactorRule {
        Objects.requireNonNull(tag, "tag");
        Objects.requireNonNull(fun, "fun");
        tgt = tgt == null ? EVENT_MINION : tgt;
        tgtType = tgtType == null ? "glob" : tgtType;
        arg = arg == null ? List.of() : List.copyOf(arg);
        kwarg = kwarg == null ? Map.of() : Map.copyOf(kwarg);
    }
}
