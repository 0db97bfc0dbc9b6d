package io.brine.orchestrate;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.jobs.Event;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * {@code salt.wait_for_event}: waits until an event whose tag matches {@code name} (a shell glob, as Salt's fnmatch)
 * has come from each id in {@code id_list}, read from the event's {@code event_id} field ({@code id} by default:
 * the minion that sent it). A Salt tree's {@code salt/...} tags are read as Brine's {@code brine/...}; a tag a
 * minion sent ({@code brine event send TAG} inside it) matches as Salt's {@code event.send} tag would, whichever
 * minion sent it. Events since the orchestration started count ({@link MinionEvents}).
 */
final class EventWait implements StateFunction {
    private static final Pattern MINION_TAG = Pattern.compile("brine/minion/([^/]+)/(.*)");
    private final MinionEvents events;

    EventWait(MinionEvents events) {
        this.events = events;
    }

    @Override
    public String name() {
        return "wait_for_event";
    }

    @Override
    public String doc() {
        return "Waits for an event matching name from each of id_list (read from event_id), up to timeout seconds.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("id_list", Param.Type.STRING_LIST, "the ids to hear from"),
                Param.optional("event_id", Param.Type.STRING, "id", "the event's field naming who sent it"),
                Param.optional("timeout", Param.Type.NUMBER, 300, "seconds to wait"),
                Param.optional("node", Param.Type.STRING, "master", "where to listen: the master").oneOf("master"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws InterruptedException {
        String tag = args.name();
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Orchestration would wait for event '" + tag + "'");
        }
        long started = System.nanoTime();
        long deadline = started + (long) (args.number("timeout") * TimeUnit.SECONDS.toNanos(1));
        String field = args.string("event_id");
        List<String> left = events.await(matching(tag), e -> idOf(e, field), args.strings("id_list"), deadline);
        if (!left.isEmpty()) {
            return StateResult.failed("Timeout value reached. Still waiting for " + String.join(", ", left) + ".");
        }
        return StateResult.ok("All events seen in " + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started)
                + " seconds.");
    }

    /** Events whose tag matches {@code glob}, Salt's tags read as Brine's. */
    static Predicate<Event> matching(String glob) {
        String own = glob.startsWith("salt/") ? "brine/" + glob.substring(5) : glob;
        Pattern direct = fnmatch(own);
        Pattern sent = fnmatch("brine/minion/*/event/" + glob);
        return e -> direct.matcher(e.tag()).matches() || sent.matcher(e.tag()).matches();
    }

    private static String idOf(Event e, String field) {
        Object v = e.data() == null ? null : e.data().get(field);
        if (v != null) {
            return String.valueOf(v);
        }
        java.util.regex.Matcher m = MINION_TAG.matcher(e.tag());
        return field.equals("id") && m.matches() ? m.group(1) : null;
    }

    /** Python's fnmatch: {@code *} any text ('/' included), {@code ?} one character, {@code [...]} a set. */
    static Pattern fnmatch(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            int close = c == '[' ? glob.indexOf(']', i + 2) : -1;
            if (c == '*') {
                regex.append(".*");
            } else if (c == '?') {
                regex.append('.');
            } else if (close > 0) {
                String set = glob.substring(i + 1, close);
                regex.append('[').append(set.startsWith("!") ? "^" + Pattern.quote(set.substring(1))
                        : Pattern.quote(set)).append(']');
                i = close;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
