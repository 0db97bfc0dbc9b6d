package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.AstDict;
import com.hubspot.jinjava.el.ext.CollectionMembershipOperator;
import com.hubspot.jinjava.el.ext.CollectionNonMembershipOperator;
import com.hubspot.jinjava.el.ext.ExtendedParser;
import com.hubspot.jinjava.el.ext.StringConcatOperator;
import java.util.ArrayList;
import jinjava.de.odysseus.el.misc.BooleanOperations;
import java.util.List;
import java.util.Map;
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
 * arguments may end with a comma, a word after a dot is a name ({@link AttributeScanner}), dict keys are expressions
 * ({@link PythonDict}), a test may follow filters, and a call may spread {@code *items} into positional and
 * {@code **mapping} into keyword arguments ({@link ArgumentSpread}). Everything else, including Jinjava's own
 * restrictions, is inherited unchanged.
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
        // Jinjava's own handlers build their node directly; these go through createAstBinary like every operator
        putExtensionHandler(CollectionMembershipOperator.TOKEN,
                new ExtensionHandler(CollectionMembershipOperator.HANDLER.getExtensionPoint()) {
                    @Override
                    public AstNode createAstNode(AstNode... children) {
                        return createAstBinary(children[0], children[1], PythonOperators.IN);
                    }
                });
        putExtensionHandler(CollectionNonMembershipOperator.TOKEN,
                new ExtensionHandler(CollectionNonMembershipOperator.HANDLER.getExtensionPoint()) {
                    @Override
                    public AstNode createAstNode(AstNode... children) {
                        return createAstBinary(children[0], children[1], PythonOperators.NOT_IN);
                    }
                });
    }

    /**
     * Python's {@code and} over {@code not}-tests: {@code not} binds more loosely than a comparison, so
     * {@code not a == b} is {@code not (a == b)} and {@code not x in y} is {@code not (x in y)}. JUEL's {@code not}
     * is a unary operator binding tighter than comparisons, which silently turned such a test into another.
     */
    @Override
    protected AstNode and(boolean required) throws ScanException, jinjava.de.odysseus.el.tree.impl.Parser.ParseException {
        AstNode v = notTest(required);
        if (v == null) {
            return null;
        }
        while (true) {
            jinjava.de.odysseus.el.tree.impl.Scanner.Token t = getToken();
            if (t.getSymbol() == Symbol.AND) {
                consumeToken();
                v = createAstBinary(v, notTest(true), AstBinary.AND);
            } else if (t.getSymbol() == Symbol.EXTENSION && getExtensionHandler(t) != null
                    && getExtensionHandler(t).getExtensionPoint() == ExtensionPoint.AND) {
                v = getExtensionHandler(consumeToken()).createAstNode(v, notTest(true));
            } else {
                return v;
            }
        }
    }

    /** Python's not_test: {@code not} applied to a whole comparison, or a comparison. */
    private AstNode notTest(boolean required) throws ScanException, jinjava.de.odysseus.el.tree.impl.Parser.ParseException {
        if (getToken().getSymbol() == Symbol.NOT) {
            consumeToken();
            return createAstUnary(notTest(true), jinjava.de.odysseus.el.tree.impl.ast.AstUnary.NOT);
        }
        return eq(required);
    }

    /** Both sides must be defined: Jinja's StrictUndefined fails in any operator, {@code and} and {@code or} too. */
    @Override
    protected AstBinary createAstBinary(AstNode left, AstNode right, AstBinary.Operator operator) {
        return super.createAstBinary(new DefinedValue(left), new DefinedValue(right), python(operator));
    }

    private static AstBinary.Operator python(AstBinary.Operator operator) {
        if (operator == AstBinary.EQ) {
            return PythonOperators.EQ;
        } else if (operator == AstBinary.NE) {
            return PythonOperators.NE;
        } else if (operator == AstBinary.MOD) {
            return PythonOperators.MODULO;
        } else if (operator == AstBinary.MUL) {
            return PythonOperators.TIMES;
        } else if (operator == AstBinary.LT) {
            return PythonOperators.comparing("<", BooleanOperations::lt, c -> c < 0);
        } else if (operator == AstBinary.LE) {
            return PythonOperators.comparing("<=", BooleanOperations::le, c -> c <= 0);
        } else if (operator == AstBinary.GT) {
            return PythonOperators.comparing(">", BooleanOperations::gt, c -> c > 0);
        } else if (operator == AstBinary.GE) {
            return PythonOperators.comparing(">=", BooleanOperations::ge, c -> c >= 0);
        }
        return operator;
    }

    @Override
    protected jinjava.de.odysseus.el.tree.impl.ast.AstFunction createAstFunction(String name, int index,
            AstParameters params) {
        if (params instanceof ArgumentSpread.Parameters spread) {
            return new ArgumentSpread.FunctionCall(name, index, spread, context.isEnabled(Builder.Feature.VARARGS));
        }
        return super.createAstFunction(name, index, params);
    }

    @Override
    protected jinjava.de.odysseus.el.tree.impl.Scanner createScanner(String expression) {
        return new AttributeScanner(expression);
    }

    /**
     * {@code 'x' if cond} without else: Jinja gives an undefined value that prints empty whatever the environment's
     * undefined (StrictUndefined included); Jinjava gives null, which strict rendering would refuse.
     */
    @Override
    protected jinjava.de.odysseus.el.tree.impl.ast.AstChoice createAstChoice(AstNode question, AstNode yes, AstNode no) {
        return super.createAstChoice(question, yes,
                no instanceof jinjava.de.odysseus.el.tree.impl.ast.AstNull ? new jinjava.de.odysseus.el.tree.impl.ast.AstString("")
                        : no);
    }

    @Override
    protected AstDict createAstDict(Map<AstNode, AstNode> dict) {
        return new PythonDict(dict);
    }

    @Override
    protected AstDot createAstDot(AstNode base, String property, boolean lvalue) {
        return new PythonLookups.Dot(base, property, lvalue);
    }

    @Override
    protected AstBracket createAstBracket(AstNode base, AstNode property, boolean lvalue, boolean strict) {
        return new PythonLookups.Bracket(base, property, lvalue, strict);
    }

    /**
     * Jinjava's list, tuple and argument parsing, except that a comma may come last ({@code [1, 2,]}) and arguments
     * may be spread, in the order Jinja accepts: positional ones, {@code *items}, keyword ones, {@code **mapping}.
     */
    @Override
    protected AstParameters params(Symbol left, Symbol right) throws ScanException, ParseException {
        consumeToken(left);
        List<AstNode> items = new ArrayList<>();
        AstNode item = spreadOrExpr();
        while (item != null) {
            if (!inJinjasOrder(items, item)) {
                fail("arguments in Jinja's order: positional, *items, keyword, **mapping (invalid syntax for"
                        + " function call expression)");
            }
            items.add(item);
            if (getToken().getSymbol() != Symbol.COMMA) {
                break;
            }
            consumeToken();
            item = spreadOrExpr();
        }
        consumeToken(right);
        return createAstParameters(items);
    }

    /** Jinja's order: no positional argument after a spread, one of each spread, nothing after {@code **mapping}. */
    private static boolean inJinjasOrder(List<AstNode> before, AstNode next) {
        boolean items = before.stream().anyMatch(n -> n instanceof ArgumentSpread.Spread s && !s.keywords());
        boolean keywords = before.stream().anyMatch(n -> n instanceof ArgumentSpread.Spread s && s.keywords());
        if (next instanceof ArgumentSpread.Spread s) {
            return s.keywords() ? !keywords : !items && !keywords;
        }
        if (next instanceof com.hubspot.jinjava.el.ext.AstNamedParameter) {
            return !keywords;
        }
        return !items && !keywords;
    }

    /** Parameters that spread what {@code *} and {@code **} mark ({@link ArgumentSpread}); Jinjava's otherwise. */
    @Override
    protected AstParameters createAstParameters(List<AstNode> nodes) {
        return nodes.stream().anyMatch(ArgumentSpread.Spread.class::isInstance) ? new ArgumentSpread.Parameters(nodes)
                : super.createAstParameters(nodes);
    }

    /** {@code [*items]}: Jinja spreads only into a call. */
    @Override
    protected com.hubspot.jinjava.el.ext.AstList createAstList(AstParameters items) throws ScanException,
            ParseException {
        return super.createAstList(notSpread(items));
    }

    /** {@code (*items, 1)}: Jinja spreads only into a call. */
    @Override
    protected com.hubspot.jinjava.el.ext.AstTuple createAstTuple(AstParameters items) throws ScanException,
            ParseException {
        return super.createAstTuple(notSpread(items));
    }

    private AstParameters notSpread(AstParameters items) throws ParseException {
        if (items instanceof ArgumentSpread.Parameters) {
            fail("a value (Jinja spreads *items and **mapping only into a call)");
        }
        return items;
    }

    /**
     * Jinjava reads a test after a value ({@code x is none}) but not after filters; Jinja reads
     * {@code salt['x.y'] | default(none) is callable} as a test of the filtered value, and so does this.
     */
    @Override
    protected AstNode value() throws ScanException, ParseException {
        AstNode v = super.value();
        if (v == null || !"is".equals(getToken().getImage())) {
            return v;
        }
        boolean negated = "not".equals(lookahead(0).getImage());
        Symbol test = lookahead(negated ? 1 : 0).getSymbol();
        if (test != Symbol.IDENTIFIER && test != Symbol.TRUE && test != Symbol.FALSE) {
            return v;
        }
        consumeToken(); // is
        if (negated) {
            consumeToken();
        }
        String name = consumeToken().getImage();
        List<AstNode> params = new ArrayList<>(List.of(v, interpreter()));
        AstNode arg = value();
        if (arg != null) {
            params.add(arg);
        }
        return createAstMethod(createAstDot(identifier(ExtendedParser.EXPTEST_PREFIX + name),
                negated ? "evaluateNegated" : "evaluate", true), createAstParameters(params));
    }

    /** An argument, {@code *items} spread into positional arguments or {@code **mapping} into keyword ones. */
    private AstNode spreadOrExpr() throws ScanException, ParseException {
        if (getToken() != null && ("**".equals(getToken().getImage()) || getToken().getSymbol() == Symbol.MUL)) {
            boolean keywords = "**".equals(consumeToken().getImage());
            return new ArgumentSpread.Spread(expr(true), keywords);
        }
        if (getToken() != null && getToken().getSymbol() == Symbol.IDENTIFIER && "=".equals(lookahead(0).getImage())) {
            // name=value takes the whole expression after '=': Jinjava's operator would read f(n=a + 1) as (n=a) + 1
            String name = consumeToken().getImage();
            consumeToken();
            return new com.hubspot.jinjava.el.ext.AstNamedParameter(identifier(name), expr(true));
        }
        return expr(false);
    }
}
