package io.brine.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class YamlValuesTest {
    private static final ObjectMapper DATABIND = new ObjectMapper(new YAMLFactory());

    @Test
    void readsWhatDatabindReadsForEveryKindOfValue() throws Exception {
        String[] documents = {
            "a: 1\nb: [x, 2, 3.5, true, null, ~]\nc: {d: {e: [ {f: g} ]}}\n",
            "big: 12345678901\nbigger: 123456789012345678901234567890\nneg: -7\nhex: 0x1F\nexp: 1e3\n",
            "- plain\n- 'quoted: colon'\n- \"escaped\\n\"\n- yes\n- on\n- 010\n",
            "multi: |\n  line one\n  line two\nfolded: >\n  a\n  b\n",
            "anchor: &x {k: v}\n",
            "42", "just a string", "[]", "{}", "true",
        };
        for (String doc : documents) {
            assertEquals(DATABIND.readValue(doc, Object.class), YamlValues.parse(doc), doc);
        }
    }

    @Test
    void keepsTheNumberTypesCallersCheck() throws Exception {
        Map<?, ?> m = (Map<?, ?>) YamlValues.parse("i: 5\nl: 5000000000\nb: 50000000000000000000\nd: 0.5\n");
        assertEquals(Integer.class, m.get("i").getClass());
        assertEquals(Long.class, m.get("l").getClass());
        assertEquals(BigInteger.class, m.get("b").getClass());
        assertEquals(Double.class, m.get("d").getClass());
    }

    @Test
    void binaryIsBytesAndEmptyIsNull() throws Exception {
        assertArrayEquals("hi".getBytes(), (byte[]) YamlValues.parse("!!binary aGk="));
        assertNull(YamlValues.parse(""));
        assertEquals(List.of("a"), YamlValues.parse("[a]"));
    }
}
