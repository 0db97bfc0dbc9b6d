package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.objects.date.StrftimeFormatter;
import io.brine.states.internal.jinja.PyNone;
import io.brine.states.internal.jinja.python.PythonText;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Salt's filters that look into data: nested lookup by path, list and address checks, dates. */
final class DataFilters {
    private static final Pattern IPV4 = Pattern.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}"
            + "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]+");

    private DataFilters() {}

    static List<NamedFilter> all() {
        return List.of(
                new NamedFilter("traverse", (v, a) -> traverse(v, a.text(0, "key", ""), a.get(1, "default", PyNone.NONE),
                        a.text(2, "delimiter", ":"))),
                new NamedFilter("sequence", (v, a) -> v instanceof CharSequence || v instanceof Map<?, ?> ? List.of(v) : v),
                new NamedFilter("is_list", (v, a) -> v instanceof List<?>),
                // Salt's is_iter: anything to loop over except text
                new NamedFilter("is_iter", (v, a) -> v instanceof Iterable<?> || v instanceof Map<?, ?>),
                new NamedFilter("is_ip", (v, a) -> isIp(PythonText.str(v))),
                new NamedFilter("strftime", (v, a) -> StrftimeFormatter.format(instant(v), a.text(0, "format", "%Y-%m-%d"))));
    }

    /** Salt's traverse_dict_and_list: each part of the path is a dict key or, for a list, an index. */
    static Object traverse(Object data, String path, Object fallback, String delimiter) {
        Object at = data;
        for (String part : path.split(Pattern.quote(delimiter), -1)) {
            if (at instanceof Map<?, ?> map && map.containsKey(part)) {
                at = map.get(part);
            } else if (at instanceof List<?> list && part.matches("-?\\d+") && Math.abs(Integer.parseInt(part)) < list.size()
                    + (part.startsWith("-") ? 1 : 0)) {
                int i = Integer.parseInt(part);
                at = list.get(i < 0 ? list.size() + i : i);
            } else {
                return fallback;
            }
        }
        return at;
    }

    /** An address literal only: a name is never looked up, so a template cannot make the minion query DNS. */
    static boolean isIp(String text) {
        if (IPV4.matcher(text).matches()) {
            return true;
        }
        if (!text.contains(":") || !IPV6_CHARS.matcher(text).matches()) {
            return false;
        }
        try {
            InetAddress.getByName(text); // with a ':' Java parses an IPv6 literal and never resolves
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Now for None, seconds since the epoch for a number, else an ISO date or date-time (UTC if no zone). */
    private static ZonedDateTime instant(Object value) {
        if (value == null || value == PyNone.NONE) {
            return ZonedDateTime.now(ZoneOffset.UTC);
        }
        String text = PythonText.str(value).strip();
        if (value instanceof Number || text.matches("\\d+(\\.\\d+)?")) {
            return Instant.ofEpochMilli((long) (Double.parseDouble(text) * 1000)).atZone(ZoneOffset.UTC);
        }
        String iso = text.replace('/', '-');
        try {
            return iso.length() <= 10 ? LocalDate.parse(iso).atStartOfDay(ZoneOffset.UTC)
                    : ZonedDateTime.parse(iso.replace(' ', 'T'));
        } catch (DateTimeParseException e) {
            try {
                return java.time.LocalDateTime.parse(iso.replace(' ', 'T')).atZone(ZoneOffset.UTC);
            } catch (DateTimeParseException e2) {
                throw new IllegalArgumentException("strftime: cannot read a date from " + PythonText.repr(value));
            }
        }
    }
}
