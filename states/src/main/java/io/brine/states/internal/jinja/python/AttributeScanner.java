package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.ExtendedScanner;
import jinjava.de.odysseus.el.tree.impl.Scanner;

/**
 * Jinjava's scanner, except that a word right after a dot is always a name: {@code size.div}, {@code opts.empty}
 * and {@code x.not} are attributes in Jinja, while the underlying EL grammar reserves {@code div}, {@code mod},
 * {@code empty}, {@code and}, {@code eq} and the like as operators everywhere.
 */
final class AttributeScanner extends ExtendedScanner {
    AttributeScanner(String input) {
        super(input);
    }

    @Override
    protected Scanner.Token keyword(String word) {
        Scanner.Token previous = getToken();
        if (previous != null && previous.getSymbol() == Scanner.Symbol.DOT) {
            return null; // read as an identifier
        }
        return super.keyword(word);
    }
}
