package io.brine.minion.functions;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.minion.function.FunctionException;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpAllowListTest {
    @Test
    void anExactEntryAllowsOnlyThatHostAndPort() throws Exception {
        HttpAllowList list = HttpAllowList.parse(List.of("127.0.0.1:8080"));
        assertTrue(list.allows("127.0.0.1", 8080));
        assertFalse(list.allows("127.0.0.1", 8081));
        assertFalse(list.allows("127.0.0.10", 8080));
    }

    @Test
    void globsMatchHostsCaseInsensitivelyAndAnyPort() throws Exception {
        HttpAllowList list = HttpAllowList.parse(List.of("*.internal:443", "metadata:*"));
        assertTrue(list.allows("DB.Internal", 443));
        assertTrue(list.allows("a.b.internal", 443));
        assertFalse(list.allows("internal", 443));
        assertFalse(list.allows("db.internal.example.com", 443));
        assertTrue(list.allows("metadata", 80));
    }

    @Test
    void ipv6HostsAreWrittenInBrackets() throws Exception {
        HttpAllowList list = HttpAllowList.parse(List.of("[::1]:8080"));
        assertTrue(list.allows("[::1]", 8080));
        assertTrue(list.allows("::1", 8080));
    }

    @Test
    void anAbsentListAllowsNothing() throws Exception {
        assertFalse(HttpAllowList.parse(null).allows("127.0.0.1", 80));
        assertTrue(HttpAllowList.parse(null).isEmpty());
    }

    @Test
    void anEntryWithoutAPortIsRejectedNamingIt() {
        FunctionException e = assertThrows(FunctionException.class,
                () -> HttpAllowList.parse(List.of("127.0.0.1:80", "example.com")));
        assertTrue(e.getMessage().contains("'example.com'"), e.getMessage());
    }

    @Test
    void aValueThatIsNotAListIsRejected() {
        assertThrows(FunctionException.class, () -> HttpAllowList.parse("127.0.0.1:80"));
    }
}
