package io.brine.modules.file;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Salt's accumulators for one state run: per target file, per accumulator name, the texts {@code file.accumulated}
 * states added (each once, in the order added), and the IDs of the states each accumulator was declared for.
 * {@code file.managed} hands a file's accumulators to its template as {@code accumulator};
 * {@code file.blockreplace} appends them to its block.
 */
final class Accumulators {
    private final Map<String, Map<String, List<String>>> texts = new LinkedHashMap<>();
    private final Map<String, Map<String, List<String>>> consumers = new LinkedHashMap<>();

    /** Adds the texts not already there; true if any was new. */
    boolean charge(String filename, String name, List<String> newTexts, List<String> consumerIds) {
        List<String> ids = consumers.computeIfAbsent(filename, f -> new LinkedHashMap<>())
                .computeIfAbsent(name, n -> new ArrayList<>());
        consumerIds.stream().filter(id -> !ids.contains(id)).forEach(ids::add);
        List<String> held = texts.computeIfAbsent(filename, f -> new LinkedHashMap<>())
                .computeIfAbsent(name, n -> new ArrayList<>());
        boolean added = false;
        for (String text : newTexts) {
            if (!held.contains(text)) {
                held.add(text);
                added = true;
            }
        }
        return added;
    }

    /** The template variable {@code accumulator} for a file: accumulator name to its texts. */
    Map<String, Object> forTemplate(String filename) {
        Map<String, Object> out = new LinkedHashMap<>();
        texts.getOrDefault(filename, Map.of()).forEach((name, list) -> out.put(name, List.copyOf(list)));
        return out;
    }

    boolean has(String filename) {
        return texts.containsKey(filename);
    }

    /**
     * The lines a block of {@code filename} gains: those of the accumulators declared for {@code stateId}, or of every
     * accumulator of the file when none was, as Salt does when several blocks share one file.
     */
    List<String> forBlock(String filename, String stateId) {
        Map<String, List<String>> byName = texts.getOrDefault(filename, Map.of());
        Map<String, List<String>> declared = consumers.getOrDefault(filename, Map.of());
        List<String> names = declared.entrySet().stream()
                .filter(e -> e.getValue().contains(stateId) && byName.containsKey(e.getKey()))
                .map(Map.Entry::getKey).toList();
        List<String> out = new ArrayList<>();
        // a text of several lines gives several lines of the block
        for (String name : names.isEmpty() ? byName.keySet() : names) {
            byName.get(name).forEach(text -> out.addAll(text.lines().toList()));
        }
        return out;
    }
}
