package io.brine.modules.grains;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.modules.Calls;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GrainsModuleTest {
    private static final Map<String, Object> GRAINS = Map.of(
            "os", "Debian",
            "ipv4", List.of("10.0.0.5", "127.0.0.1"),
            "roles", Map.of("web", Map.of("port", 8080)));

    @Test
    void itemsReturnsEveryGrainSortedByName() throws Exception {
        Object items = call("grains.items");
        assertEquals(GRAINS, items);
        assertEquals(List.of("ipv4", "os", "roles"), List.copyOf(((Map<?, ?>) items).keySet()));
    }

    @Test
    void getReturnsAPlainGrain() throws Exception {
        assertEquals("Debian", call("grains.get", "os"));
    }

    @Test
    void getWalksIntoListsAndMapsByColon() throws Exception {
        assertEquals("10.0.0.5", call("grains.get", "ipv4:0"));
        assertEquals("127.0.0.1", call("grains.get", "ipv4:-1"));
        assertEquals(8080, call("grains.get", "roles:web:port"));
    }

    @Test
    void getReturnsTheDefaultWhenAbsentAndAnEmptyStringWithoutOne() throws Exception {
        assertEquals("none", call("grains.get", "roles:db:port", "none"));
        assertEquals("none", call("grains.get", "ipv4:7", "none"));
        assertEquals("none", call("grains.get", "os:deeper", "none"));
        assertEquals("", call("grains.get", "kernel"));
    }

    private static Object call(String name, Object... args) throws Exception {
        return Calls.call(Calls.context(GRAINS, Duration.ofMinutes(1)), name, List.of(args), Map.of());
    }
}
