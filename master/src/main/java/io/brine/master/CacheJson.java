package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The job cache's values as JSON text: msgpack values are stored as JSON so that the file can be inspected with the
 * sqlite3 shell. One mapper, configured once and never changed, shared by the writer and the readers.
 */
final class CacheJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private CacheJson() {
    }

    static String json(Object value) throws JsonProcessingException {
        return JSON.writeValueAsString(value);
    }

    static <T> T parse(String json, TypeReference<T> type) throws JsonProcessingException {
        return JSON.readValue(json, type);
    }

    static Object parseValue(String json) throws JsonProcessingException {
        return json == null ? null : JSON.readValue(json, Object.class);
    }
}
