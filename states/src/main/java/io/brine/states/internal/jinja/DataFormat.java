package io.brine.states.internal.jinja;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * The three kinds of data Salt's {@code import_*} and {@code load_*} tags read. What they yield is plain data
 * ({@link PlainData}), never the parser's own objects, so a template gets maps it can {@code .get()} from.
 */
enum DataFormat {
    YAML(new ObjectMapper(new YAMLFactory()) // a key given twice is an error, as in Salt's YAML loader
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)),
    JSON(new ObjectMapper()),
    TEXT(null);

    /** Thrown for text that is not valid in the format; {@code line} is 0 when the parser could not tell. */
    static final class BadData extends Exception {
        final int line;

        BadData(String message, int line) {
            super(message);
            this.line = line;
        }
    }

    private final ObjectMapper mapper;

    DataFormat(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** {@code yaml}, {@code json} or {@code text}, as in the tags' names. */
    String tagSuffix() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    Object parse(String text) throws BadData {
        if (mapper == null) {
            return text;
        }
        if (text.isBlank()) {
            return PlainData.copy(null); // an empty document is None, as PyYAML loads it
        }
        try {
            return PlainData.copy(mapper.readValue(text, Object.class));
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new BadData("bad " + name() + ": " + e.getOriginalMessage().lines().findFirst().orElse(""), line);
        }
    }
}
