package io.brine.states.internal.jinja;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionCaller;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.TemplateException;
import io.brine.states.DirectoryStateFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Templates call {@code salt['module.function'](...)} as Salt's do; each case with its expected output. */
class SaltBridgeTest {
    @TempDir
    Path dir;
    final List<String> minionCalls = new ArrayList<>();

    /**
     * Stands in for the minion's functions: cmd.run_stdout echoes, pkg.version knows curl, nope.nothing does not
     * exist, the rest are refused.
     */
    final FunctionCaller minion = (function, args, kwargs) -> {
        minionCalls.add(function + " " + args + " " + kwargs);
        return switch (function) {
            case "cmd.run" -> new FunctionResult("out:" + args.get(0), 0);
            case "pkg.version" -> new FunctionResult("7.88.1", 0);
            case "mine.get" -> new FunctionResult(java.util.Map.of("web2", java.util.List.of("10.0.0.2")), 0);
            case "nope.nothing" -> throw new FunctionException("'" + function + "' is not available on this minion");
            default -> throw new FunctionException(function + " is refused by functions_denied '*'", 77);
        };
    };

    private String render(String template) throws TemplateException {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "web1",
                Map.of("os_family", "Debian", "os", "Debian", "roles", List.of("db", "web")),
                Map.of("nginx", Map.of("port", 8080, "tls", Map.of("on", true))), false, minion);
        return t.render(template, "nginx/map.jinja", Map.of());
    }

    @Test
    void pillarAndGrainsGetWithPathsDefaultsAndMerge() throws Exception {
        assertEquals("8080|on|none|", render("{{ salt['pillar.get']('nginx:port') }}|{{ 'on' if salt['pillar.get']"
                + "('nginx:tls:on') else 'off' }}|{{ salt['pillar.get']('nope', 'none') }}|{{ salt['pillar.get']('nope') }}"));
        assertEquals("8080 x", render("{% set n = salt['pillar.get']('nginx', {'port': 80, 'user': 'x'}, merge=True) %}"
                + "{{ n.port }} {{ n.user }}"));
        assertEquals("Debian|db", render("{{ salt['grains.get']('os') }}|{{ salt['grains.get']('roles:0') }}"));
    }

    /** The grains.* and pillar.* families formulas call from templates, with Salt's shapes. */
    @Test
    void grainsAndPillarFamiliesAnswerAsSaltsDo() throws Exception {
        assertEquals("True True False", render("{{ salt['grains.has_value']('os') }} {{ salt['grains.has_value']"
                + "('roles:1') }} {{ salt['grains.has_value']('nope') }}"));
        assertEquals("{'os': 'Debian', 'nope': 'x'}", render("{{ salt['grains.item']('os', 'nope', default='x') }}"));
        assertEquals("['id', 'os', 'os_family', 'roles'] True", render("{{ salt['grains.ls']() }} "
                + "{{ salt['grains.equals']('os', 'Debian') }}"));
        assertEquals("{'nginx:port': 8080} ['nginx'] ['port', 'tls'] True",
                render("{{ salt['pillar.item']('nginx:port') }} {{ salt['pillar.ls']() }} "
                        + "{{ salt['pillar.keys']('nginx') | sort }} {{ salt['pillar.has_value']('nginx:tls:on') }}"));
        assertEquals("8080", render("{{ salt['pillar.filter_by']({'8080': 'web', 'default': 'x'}, "
                + "pillar='nginx:port') | replace('web', '8080') }}"));
        assertTrue(assertThrows(TemplateException.class, () -> render("{{ salt['pillar.keys']('nginx:port') }}"))
                .getMessage().contains("Pillar value in key nginx:port is not a dict"));
    }

    /** match.* with the master's own parser, against this minion's id, grains and pillar. */
    @Test
    void matchFunctionsUseTheMastersMatcherOnThisMinion() throws Exception {
        assertEquals("True False True True False True True", render("{{ salt['match.glob']('web*') }} "
                + "{{ salt['match.glob']('db*') }} {{ salt['match.grain']('os:Debian') }} "
                + "{{ salt['match.pcre']('w.b[0-9]') }} {{ salt['match.list']('db1,db2') }} "
                + "{{ salt['match.compound']('G@os_family:Debian and web*') }} "
                + "{{ salt['match.pillar']('nginx:port:8080') }}"));
        assertEquals("True", render("{{ salt['match.glob']('db*', minion_id='db1') }}"));
        assertTrue(assertThrows(TemplateException.class, () -> render("{{ salt['match.compound']('G@os and (') }}"))
                .getMessage().contains("match.compound"));
    }

    @Test
    void masterSideCallsAreRefusedSayingWhy() {
        for (String f : List.of("saltutil.runner", "saltutil.cmd")) {
            String message = assertThrows(TemplateException.class, () -> render("{{ salt['" + f + "']('x') }}"))
                    .getMessage();
            assertTrue(message.contains("salt['" + f + "'] is refused: a minion's template cannot run master-side"),
                    message);
        }
        assertTrue(minionCalls.isEmpty(), minionCalls.toString());
    }

    @Test
    void filterByPicksTheGrainsEntryOverTheBaseAndMerges() throws Exception {
        String map = "{% set m = salt['grains.filter_by']({'default': {'pkg': 'nginx', 'user': 'www'},"
                + " 'Debian': {'user': 'www-data'}, 'RedHat': {'user': 'nginx'}}, base='default',"
                + " merge=salt['pillar.get']('nginx:lookup', {'conf': '/etc/nginx'})) %}";
        assertEquals("nginx www-data /etc/nginx", render(map + "{{ m.pkg }} {{ m.user }} {{ m.conf }}"));
        assertEquals("fallback", render("{{ salt['grains.filter_by']({'default': 'fallback', 'Arch': 'a'}) }}"));
        assertEquals("glob", render("{{ salt['grains.filter_by']({'Deb*': 'glob'}, grain='os') }}"));
    }

    @Test
    void defaultsAndSlsutilMergeDeeply() throws Exception {
        assertEquals("1 2 3", render("{% set d = {'a': {'x': 1, 'y': 0}} %}"
                + "{% set m = salt['defaults.merge'](d, {'a': {'y': 2, 'z': 3}}) %}{{ m.a.x }} {{ m.a.y }} {{ m.a.z }}"));
        assertEquals("1 2", render("{% set m = salt['slsutil.merge']({'a': 1}, {'b': 2}) %}{{ m.a }} {{ m.b }}"));
    }

    @Test
    void pathConfigAndVersionHelpers() throws Exception {
        assertEquals("/etc/nginx|nginx.conf|/etc/nginx/conf.d|/abs", render("{{ salt['file.dirname']"
                + "('/etc/nginx/nginx.conf') }}|{{ salt['file.basename']('/etc/nginx/nginx.conf') }}|{{ salt['file.join']"
                + "('/etc/nginx', 'conf.d') }}|{{ salt['file.join']('/etc', '/abs') }}"));
        assertEquals("web1|8080|d", render("{{ salt['config.get']('id') }}|{{ salt['config.get']('nginx:port') }}|"
                + "{{ salt['config.get']('absent', 'd') }}"));
        assertEquals("Debian|8080|d", render("{{ salt['config.option']('os') }}|{{ salt['config.option']('nginx')"
                + "['port'] }}|{{ salt['config.option']('nginx:port', 'd') }}"), "Salt's order: options, grains, "
                + "pillar; a key as it is, never a path");
        assertEquals("-1 0 1 -1", render("{{ salt['pkg.version_cmp']('1.0~rc1', '1.0') }} {{ salt['pkg.version_cmp']"
                + "('1:2.0-1', '1:2.0-1') }} {{ salt['pkg.version_cmp']('2.10', '2.9') }} {{ salt['pkg.version_cmp']"
                + "('7.88.1-10', '1:7.0') }}"));
        assertEquals("y|n|y", render("{{ 'y' if salt['cmd.has_exec']('sh') else 'n' }}|{{ 'y' if salt['cmd.has_exec']"
                + "('no-such-program-here') else 'n' }}|{{ 'y' if salt['test.true']() else 'n' }}"));
    }

    @Test
    void theMineIsReadThroughTheMinionsOwnMineGet() throws Exception {
        assertEquals("web2=10.0.0.2", render("{% for id, addrs in salt['mine.get']('role:web', 'network.ip_addrs', "
                + "tgt_type='grain').items() %}{{ id }}={{ addrs[0] }}{% endfor %}"));
        assertEquals(List.of("mine.get [role:web, network.ip_addrs] {tgt_type=grain}"), minionCalls);
    }

    @Test
    void theMachineIsReachedOnlyThroughTheMinionsFunctions() throws Exception {
        assertEquals("out:uname -r|7.88.1", render("{{ salt['cmd.run']('uname -r') }}|{{ salt['pkg.version']('curl') }}"));
        assertEquals(List.of("cmd.run [uname -r] {}", "pkg.version [curl] {}"), minionCalls);
        TemplateException refused = assertThrows(TemplateException.class,
                () -> render("line\n{{ salt['file.read']('/etc/shadow') }}"));
        assertTrue(refused.getMessage().contains("functions_denied"), refused.getMessage());
    }

    @Test
    void cpListMasterListsTheTreesFilesOrDirectoriesUnderAPrefix() throws Exception {
        Files.createDirectories(dir.resolve("users/files/user/alice/.config"));
        Files.createDirectories(dir.resolve("users/files/user/bob"));
        Files.writeString(dir.resolve("users/files/user/bob/.bashrc"), "x");
        Files.writeString(dir.resolve("top.sls"), "base: {}");
        assertEquals("['users/files/user/alice', 'users/files/user/alice/.config', 'users/files/user/bob']",
                render("{{ salt['cp.list_master_dirs'](prefix='users/files/user/') }}"));
        assertEquals("['users/files/user/bob/.bashrc']|['top.sls']|[]", render(
                "{{ salt['cp.list_master']('base', 'users/') }}|{{ salt['cp.list_master'](prefix='top') }}|"
                + "{{ salt['cp.list_master_dirs'](prefix='nothing/here/') }}"));
    }

    @Test
    void cpGetFileStrReadsTheStateTree() throws Exception {
        Files.writeString(dir.resolve("motd.txt"), "hello");
        assertEquals("hello|absent", render("{{ salt['cp.get_file_str']('salt://motd.txt') }}|"
                + "{{ salt['cp.get_file_str']('salt://absent.txt') or 'absent' }}"));
    }

    @Test
    void anyOtherFunctionOfTheMinionIsCalledThroughItsPolicy() {
        TemplateException e = assertThrows(TemplateException.class, () -> render("{{ salt['service.restart']('x') }}"));
        assertTrue(e.getMessage().contains("service.restart is refused by functions_denied"), e.getMessage());
        assertTrue(minionCalls.contains("service.restart [x] {}"), minionCalls.toString());
    }

    @Test
    void anUnknownFunctionIsAnErrorNamingItWithItsLine() {
        TemplateException e = assertThrows(TemplateException.class,
                () -> render("line one\n{{ salt['nope.nothing']('x') }}"));
        assertTrue(e.getMessage().contains("nope.nothing") && e.getMessage().contains("not available"), e.getMessage());
        assertTrue(e.getMessage().contains(":2"), e.getMessage());
    }
}
