package io.brine.modules.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionException;
import io.brine.modules.Calls;
import io.brine.protocol.BrineVersion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TestModuleTest {
    @Test
    void pingAnswersTrue() throws Exception {
        assertEquals(true, Calls.call("test.ping"));
    }

    @Test
    void echoReturnsItsText() throws Exception {
        assertEquals("hello brine", Calls.call("test.echo", "hello brine"));
    }

    /** Salt's shell-injection class: an argument is data, never a command line, unless a cmd function runs it. */
    @Test
    void shellSyntaxInAnArgumentIsJustText(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path marker = dir.resolve("injected");
        for (String text : List.of("$(touch " + marker + ")", "`touch " + marker + "`", "x; touch " + marker)) {
            assertEquals(text, Calls.call("test.echo", text));
        }
        assertEquals(false, java.nio.file.Files.exists(marker));
    }

    @Test
    void versionIsTheBuildsVersion() throws Exception {
        assertEquals(BrineVersion.CURRENT, Calls.call("test.version"));
    }

    @Test
    void sleepWaitsThenReturnsTrue() throws Exception {
        long start = System.nanoTime();
        assertEquals(true, Calls.call("test.sleep", "0.2"));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(200));
    }

    @Test
    void interruptedSleepStopsPromptlyAndKeepsTheInterruptFlag() throws Exception {
        CompletableFuture<Object> outcome = new CompletableFuture<>();
        Thread sleeper = new Thread(() -> {
            try {
                outcome.complete(Calls.call(Calls.context(Map.of(), Duration.ofMinutes(1)), "test.sleep",
                        List.of(30), Map.of()));
            } catch (Exception e) {
                outcome.complete(List.of(e, Thread.currentThread().isInterrupted()));
            }
        });
        sleeper.start();
        Thread.sleep(200);
        long start = System.nanoTime();
        sleeper.interrupt();
        Object result = outcome.get(5, TimeUnit.SECONDS);
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1), "took too long to stop");
        List<?> failure = assertInstanceOf(List.class, result);
        assertInstanceOf(FunctionException.class, failure.get(0));
        assertEquals(true, failure.get(1));
    }
}
