package io.brine.states;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The validated arguments of one state: every declared {@link Param} is present (its default when
 * the state file did not set it) and already has its declared type.
 */
public record Args(Map<String, Object> values) {
  public Args {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The state's name: the {@code name} argument, which defaults to the ID. */
  public String name() {
    return string("name");
  }

  public String string(String key) {
    return (String) values.get(key);
  }

  public Optional<String> optString(String key) {
    return Optional.ofNullable(string(key)).filter(s -> !s.isEmpty());
  }

  public boolean bool(String key) {
    return Boolean.TRUE.equals(values.get(key));
  }

  public Optional<Long> integer(String key) {
    return Optional.ofNullable((Long) values.get(key));
  }

  @SuppressWarnings("unchecked")
  public List<String> strings(String key) {
    Object value = values.get(key);
    return value == null ? List.of() : (List<String>) value;
  }

  @SuppressWarnings("unchecked")
  public List<Object> list(String key) {
    Object value = values.get(key);
    return value == null ? List.of() : (List<Object>) value;
  }

  @SuppressWarnings("unchecked")
  public Map<String, Object> map(String key) {
    Object value = values.get(key);
    return value == null ? Map.of() : (Map<String, Object>) value;
  }

  public Object raw(String key) {
    return values.get(key);
  }

  public boolean has(String key) {
    return values.get(key) != null;
  }
}
