package io.brine.modules.postgres;

import java.util.ArrayList;
import java.util.List;

/** Reads the CSV that {@code COPY ... TO STDOUT WITH CSV} writes: quoted fields may hold commas, quotes, newlines. */
final class Csv {
    private Csv() {
    }

    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    field.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
                any = true;
            } else if (ch == ',') {
                record.add(field.toString());
                field.setLength(0);
                any = true;
            } else if (ch == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                any = false;
            } else if (ch != '\r') {
                field.append(ch);
                any = true;
            }
        }
        if (any) {
            record.add(field.toString());
            records.add(record);
        }
        return records;
    }
}
