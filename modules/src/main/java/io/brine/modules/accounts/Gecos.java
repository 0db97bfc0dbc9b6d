package io.brine.modules.accounts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GECOS comment as Salt reads it: "full name,room,work phone,home phone,other", where
 * {@code other} keeps any further commas. Written back without trailing empty fields, so a user
 * with only a full name keeps a plain comment.
 *
 * <pre>{@code
 * Gecos g = Gecos.parse("Ann Lee,12,555-1").with("homephone", "555-2");
 * g.text();  // "Ann Lee,12,555-1,555-2"
 * }</pre>
 */
record Gecos(String fullname, String roomnumber, String workphone, String homephone, String other) {
    /** The field names, in their order in the comment; also the argument names of user.present. */
    static final List<String> FIELDS = List.of("fullname", "roomnumber", "workphone", "homephone", "other");

    static Gecos parse(String comment) {
        String[] f = comment.split(",", 5);
        String[] all = new String[5];
        for (int i = 0; i < 5; i++) {
            all[i] = i < f.length ? f[i] : "";
        }
        return new Gecos(all[0], all[1], all[2], all[3], all[4]);
    }

    String get(String field) {
        return switch (field) {
            case "fullname" -> fullname;
            case "roomnumber" -> roomnumber;
            case "workphone" -> workphone;
            case "homephone" -> homephone;
            case "other" -> other;
            default -> throw new IllegalArgumentException("no GECOS field " + field);
        };
    }

    Gecos with(String field, String value) {
        Map<String, Object> m = asMap();
        m.put(field, value);
        return new Gecos((String) m.get("fullname"), (String) m.get("roomnumber"), (String) m.get("workphone"),
                (String) m.get("homephone"), (String) m.get("other"));
    }

    /** The comment text for usermod/useradd -c. */
    String text() {
        String joined = String.join(",", fullname, roomnumber, workphone, homephone, other);
        int end = joined.length();
        while (end > 0 && joined.charAt(end - 1) == ',') {
            end--;
        }
        return joined.substring(0, end);
    }

    Map<String, Object> asMap() {
        Map<String, Object> out = new LinkedHashMap<>();
        FIELDS.forEach(f -> out.put(f, get(f)));
        return out;
    }
}
