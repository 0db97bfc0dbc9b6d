/**
 * Target expressions: which minions a job is for, parsed once and matched against the master's cache of
 * each minion's grains and pillar. The entry point is {@link io.brine.targeting.TargetExpression#parse}.
 *
 * <h2>Types</h2>
 * Salt's names, as used by the CLI flags and the REST API's {@code tgt_type}. For every type but compound the
 * whole expression is one term, so it may contain spaces.
 * <ul>
 * <li>{@code glob} (default): shell-style {@code * ? [abc] [a-z] [!abc]} on the id, case-sensitive.</li>
 * <li>{@code list} ({@code L@}): comma-separated ids; blanks around items are ignored.</li>
 * <li>{@code pcre} ({@code E@}): a Java regular expression that must match the <em>whole</em> id (Salt
 *     anchors only the start; write {@code web.*} for a prefix).</li>
 * <li>{@code grain} ({@code G@}), {@code pillar} ({@code I@}): {@code key:glob}, nested keys joined with
 *     {@code :}, e.g. {@code ip_interfaces:eth0:10.*}. As in Salt every {@code :} is tried as the separator
 *     of key path and value, so values may contain colons ({@code G@ipv6:fe80::1}). A numeric key indexes a
 *     list; any other key on a list finds the first map in it holding that key. A list value matches if
 *     any element matches; numbers and booleans compare as their string form; a map value matches only
 *     {@code *} (the key exists). Value matching is case-insensitive, as in Salt.</li>
 * <li>{@code grain_pcre} ({@code P@}), {@code pillar_pcre} ({@code J@}): the same with a whole-value,
 *     case-insensitive regular expression.</li>
 * <li>{@code ipcidr} ({@code S@}): {@code 10.1.0.0/16}, {@code fd00::/8} or one address, matched against
 *     the {@code ipv4} or {@code ipv6} grain (a list of addresses). Host bits set in a network are an error.</li>
 * <li>{@code nodegroup} ({@code N@}): a name from the master's nodegroups, whose value is a compound
 *     expression; unknown names, cycles and nesting deeper than 10 are errors.</li>
 * </ul>
 *
 * <h2>Compound grammar</h2>
 * <pre>
 * expression := or
 * or         := and ( "or" and )*
 * and        := not ( "and" not )*
 * not        := "not" not | primary
 * primary    := "(" or ")" | term
 * term       := letter "@" body      (G P I J S L E N; any other letter is an error)
 *             | glob                 (a bare word matches the id)
 * </pre>
 * Words are separated by whitespace; the operators are the lowercase words {@code and}, {@code or},
 * {@code not}, so {@code not} binds tighter than {@code and}, which binds tighter than {@code or}. Adjacent
 * terms need an operator between them ({@code web* not db*} is an error; write {@code web* and not db*}).
 * Parentheses may stand alone or touch a word: {@code (web* or db*) and G@os:Debian},
 * {@code not(canary*)}. A {@code (} at the
 * start of a word groups; a {@code )} at the end of a word groups only if no {@code (} in the same word
 * opens it, so {@code E@web(1|2)} keeps its own parentheses while {@code (E@web(1|2))} is a group.
 * Nesting is limited to 100 levels.
 *
 * <h2>Escapes</h2>
 * A backslash makes the next character literal, everywhere:
 * <ul>
 * <li>{@code \ } keeps whitespace inside a term: {@code G@osfullname:Red\ Hat*};</li>
 * <li>{@code \(} and {@code \)} are never grouping parentheses: {@code web\)};</li>
 * <li>{@code \and} is the glob {@code and}, not the operator;</li>
 * <li>{@code \:} is a colon inside a grain or pillar key or value, not a separator;</li>
 * <li>{@code \,} is a comma inside an {@code L@} id;</li>
 * <li>{@code \*}, {@code \?}, {@code \[} are literal in globs; {@code \\} is a backslash.</li>
 * </ul>
 * Regular expression terms ({@code E@ P@ J@} and the pcre types) keep their backslashes for
 * {@code java.util.regex}, where {@code \(}, {@code \ }, {@code \:} are literal too, so one rule holds
 * everywhere and {@code \d} still means a digit. A backslash with nothing after it is an error.
 *
 * <h2>Unknown facts</h2>
 * A term that reads grains or pillar of a minion whose grains or pillar are unknown is
 * {@link io.brine.targeting.Match#UNKNOWN}; {@code and}, {@code or} and {@code not} follow Kleene's
 * logic, so {@code web1 or G@x:y} still matches web1 and {@code G@x:y and db*} still rejects it.
 */
package io.brine.targeting;
