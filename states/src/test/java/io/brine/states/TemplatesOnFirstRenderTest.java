package io.brine.states;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.functions.Templates;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The state engine's per-job template engine is made when a job first renders, once, under concurrent renders. */
class TemplatesOnFirstRenderTest {
    @Test
    void theEngineIsMadeOnTheFirstRenderAndOnlyOnceWhateverTheThreads() throws Exception {
        AtomicInteger made = new AtomicInteger();
        Templates upper = new Templates() {
            @Override
            public String render(String source, String name, Map<String, Object> extra) {
                return source.toUpperCase(Locale.ROOT);
            }

            @Override
            public Map<String, Object> treeFileVariables(String treePath) {
                return Map.of("tplfile", treePath);
            }
        };
        TemplatesOnFirstRender lazy = new TemplatesOnFirstRender(() -> {
            made.incrementAndGet();
            return upper;
        });
        assertEquals(0, made.get(), "nothing made before a render");
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<String>> renders = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                String text = "t" + i;
                renders.add(pool.submit(() -> {
                    start.await();
                    return lazy.render(text, "x.sls", Map.of());
                }));
            }
            start.countDown();
            for (int i = 0; i < threads; i++) {
                assertEquals("T" + i, renders.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(Map.of("tplfile", "a/b.j2"), lazy.treeFileVariables("a/b.j2"));
        assertEquals(1, made.get(), "one engine for the job");
    }
}
