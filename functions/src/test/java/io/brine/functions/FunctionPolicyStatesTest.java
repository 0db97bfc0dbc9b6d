package io.brine.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** How the minion's policy judges a state function: by its own name, then by each effect it declares. */
class FunctionPolicyStatesTest {
    private static final Effect CRON_JOB = new Effect.RunsCommand("the cron job", "id");

    @Test
    void aStateIsMatchedByItsOwnNameSoAFamilyGlobCoversIt() {
        FunctionPolicy noFiles = new FunctionPolicy(List.of("*"), List.of("file.*"), null);
        assertEquals(Optional.of("file.managed is refused by functions_denied 'file.*'"),
                noFiles.stateRefusal("file.managed", List.of()));
        assertEquals(Optional.empty(), noFiles.stateRefusal("pkg.installed", List.of()));
        FunctionPolicy testsOnly = new FunctionPolicy(List.of("test.*", "state.*"), List.of(), null);
        assertEquals(Optional.of("cron.present is refused: it matches no functions_allowed pattern"),
                testsOnly.stateRefusal("cron.present", List.of(CRON_JOB)));
    }

    @Test
    void aCommandAStateWouldRunIsJudgedAsCmdRunWithThatLine() {
        FunctionPolicy onlyEcho = new FunctionPolicy(List.of("*"), List.of(), List.of("echo \\w+"));
        assertEquals(Optional.of("cron.present: the cron job is refused: command 'id' matches no cmd_allowed pattern"),
                onlyEcho.stateRefusal("cron.present", List.of(CRON_JOB)));
        assertEquals(Optional.empty(), onlyEcho.stateRefusal("cron.present",
                List.of(new Effect.RunsCommand("the cron job", "echo hi"))));
        // denying cmd.* denies every command, whichever state would run it
        FunctionPolicy noCmd = new FunctionPolicy(List.of("*"), List.of("cmd.*"), null);
        assertEquals(Optional.of("cron.present: the cron job is refused: cmd.run is refused by functions_denied 'cmd.*'"),
                noCmd.stateRefusal("cron.present", List.of(CRON_JOB)));
        assertEquals(Optional.empty(), FunctionPolicy.ALLOW_ALL.stateRefusal("cron.present", List.of(CRON_JOB)));
    }

    @Test
    void changingHowCommandsRunIsRefusedOnlyUnderCmdAllowed() {
        List<Effect> shell = Effect.ofOptions("/bin/zsh", Map.of());
        assertEquals(Optional.empty(), FunctionPolicy.ALLOW_ALL.stateRefusal("cmd.run", shell));
        FunctionPolicy onlyEcho = new FunctionPolicy(List.of("*"), List.of(), List.of("echo \\w+"));
        assertEquals(Optional.of("cmd.run: shell '/bin/zsh' is refused: with cmd_allowed set, commands run only "
                + "through " + FunctionPolicy.DEFAULT_SHELL), onlyEcho.stateRefusal("cmd.run", shell));
        assertEquals(List.of(), Effect.ofOptions(FunctionPolicy.DEFAULT_SHELL, Map.of()));
        assertEquals(List.of(), Effect.ofOptions(null, null));
    }

    @Test
    void aFunctionAStateCallsIsJudgedAsAJobNamingIt() {
        FunctionPolicy noEcho = new FunctionPolicy(List.of("*"), List.of("test.echo"), null);
        assertEquals(Optional.of("module.run: test.echo is refused by functions_denied 'test.echo'"),
                noEcho.stateRefusal("module.run", List.of(new Effect.CallsFunction("test.ping"),
                        new Effect.CallsFunction("test.echo"))));
    }

    @Test
    void theVisibleCatalogListsOnlyAllowedStatesButStillFindsARefusedOneToRefuseIt() {
        StateFunction managed = new StateFunction() {
            @Override
            public String name() {
                return "managed";
            }

            @Override
            public List<Param> params() {
                return List.of();
            }

            @Override
            public StateResult apply(Arguments args, StateContext ctx) {
                return StateResult.ok("");
            }
        };
        FunctionCatalog all = new FunctionCatalog() {
            @Override
            public Optional<ExecutionFunction> find(String name) {
                return Optional.empty();
            }

            @Override
            public SortedSet<String> names() {
                return new TreeSet<>();
            }

            @Override
            public Optional<StateFunction> state(String name) {
                return Optional.of(managed);
            }

            @Override
            public SortedSet<String> stateNames() {
                return new TreeSet<>(List.of("file.managed", "test.nop"));
            }
        };
        FunctionCatalog visible = new FunctionPolicy(List.of("*"), List.of("file.*"), null).visible(all);
        assertEquals(new TreeSet<>(List.of("test.nop")), visible.stateNames());
        assertTrue(visible.state("file.managed").isPresent());
    }
}
