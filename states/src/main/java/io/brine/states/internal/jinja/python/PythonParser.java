package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.ExtendedParser;
import com.hubspot.jinjava.el.ext.StringConcatOperator;
import java.util.ArrayList;
import java.util.List;
import jinjava.de.odysseus.el.tree.impl.Builder;
import jinjava.de.odysseus.el.tree.impl.Scanner.ScanException;
import jinjava.de.odysseus.el.tree.impl.Scanner.Symbol;
import jinjava.de.odysseus.el.tree.impl.ast.AstBinary;
import jinjava.de.odysseus.el.tree.impl.ast.AstBracket;
import jinjava.de.odysseus.el.tree.impl.ast.AstDot;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.de.odysseus.el.tree.impl.ast.AstParameters;

/**
 * Jinjava's expression parser with the Python that formulas write and Jinja accepts: {@code '%s' % x} formats
 * ({@link PythonOperators#MODULO}), {@code ~} joins Python's {@code str} of each side, and lists, tuples and call
 * arguments may end with a comma. Everything else, including Jinjava's own restrictions, is inherited unchanged.
 */
final class PythonParser extends ExtendedParser {
  PythonParser(Builder context, String input) {
    super(context, input);
    putExtensionHandler(StringConcatOperator.TOKEN, new ExtensionHandler(ExtensionPoint.ADD) {
      @Override
      public AstNode createAstNode(AstNode... children) {
        return createAstBinary(children[0], children[1], PythonOperators.CONCAT);
      }
    });
  }

  /** Both sides must be defined: Jinja's StrictUndefined fails in any operator, {@code and} and {@code or} too. */
  @Override
  protected AstBinary createAstBinary(AstNode left, AstNode right, AstBinary.Operator operator) {
    return super.createAstBinary(new DefinedValue(left), new DefinedValue(right),
        operator == AstBinary.MOD ? PythonOperators.MODULO : operator);
  }

  @Override
  protected AstDot createAstDot(AstNode base, String property, boolean lvalue) {
    return new PythonLookups.Dot(base, property, lvalue);
  }

  @Override
  protected AstBracket createAstBracket(AstNode base, AstNode property, boolean lvalue, boolean strict) {
    return new PythonLookups.Bracket(base, property, lvalue, strict);
  }

  /** Jinjava's list, tuple and argument parsing, except that a comma may come last: {@code [1, 2,]}. */
  @Override
  protected AstParameters params(Symbol left, Symbol right) throws ScanException, ParseException {
    consumeToken(left);
    List<AstNode> items = new ArrayList<>();
    AstNode item = expr(false);
    while (item != null) {
      items.add(item);
      if (getToken().getSymbol() != Symbol.COMMA) {
        break;
      }
      consumeToken();
      item = expr(false);
    }
    consumeToken(right);
    return createAstParameters(items);
  }
}
