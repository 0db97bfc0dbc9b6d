package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class HelpTextTest {
    @Test
    void everyTargetTypeIsListedOnceInTheHelpOfTheCommandsThatTarget() {
        for (String[] command : new String[][] {{"run", "--help"}, {"state", "apply", "--help"}, {"cp", "--help"}}) {
            StringWriter out = new StringWriter();
            assertEquals(0, Main.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), command));
            String help = out.toString();
            for (String option : new String[] {"-C, --compound", "-E, --pcre", "-G, --grain", "-L, --list"}) {
                assertEquals(1, help.split(java.util.regex.Pattern.quote(option), -1).length - 1,
                        String.join(" ", command) + " lists " + option + " once:\n" + help);
            }
        }
    }
}
