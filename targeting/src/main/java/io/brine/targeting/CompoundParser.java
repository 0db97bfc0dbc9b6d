package io.brine.targeting;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Recursive descent over the tokens of a compound expression: {@code not} binds tighter than {@code and},
 * which binds tighter than {@code or}. Chains of one operator become one n-ary node, so a long
 * {@code a or b or c ...} cannot overflow the stack when matched; nesting depth is bounded for the same reason.
 */
final class CompoundParser {
    static final int MAX_NESTING = 100;

    private final String expression;
    private final List<Token> tokens;
    private final TermParser terms;
    private int next;
    private int nesting;

    private CompoundParser(String expression, Nodegroups nodegroups) {
        this.expression = expression;
        this.tokens = Lexer.tokenize(expression);
        this.terms = new TermParser(expression, nodegroups);
    }

    static TargetExpression parse(String expression, Nodegroups nodegroups) {
        if (expression == null || expression.isBlank()) {
            throw TargetSyntaxException.at(expression, 0, "empty target expression");
        }
        CompoundParser parser = new CompoundParser(expression, nodegroups);
        TargetExpression parsed = parser.or();
        if (parser.next < parser.tokens.size()) {
            throw parser.unexpectedAfterTarget(parser.tokens.get(parser.next));
        }
        return parsed;
    }

    private TargetExpression or() {
        return chain(Token.Kind.OR, this::and, AnyOf::new);
    }

    private TargetExpression and() {
        return chain(Token.Kind.AND, this::not, AllOf::new);
    }

    private TargetExpression chain(Token.Kind operator, Supplier<TargetExpression> operand,
                                   Function<List<TargetExpression>, TargetExpression> combine) {
        List<TargetExpression> parts = new ArrayList<>();
        parts.add(operand.get());
        while (next < tokens.size() && tokens.get(next).kind() == operator) {
            next++;
            parts.add(operand.get());
        }
        return parts.size() == 1 ? parts.get(0) : combine.apply(List.copyOf(parts));
    }

    private TargetExpression not() {
        if (next < tokens.size() && tokens.get(next).kind() == Token.Kind.NOT) {
            enter(tokens.get(next++));
            TargetExpression operand = not();
            nesting--;
            return new Not(operand);
        }
        return primary();
    }

    private TargetExpression primary() {
        if (next == tokens.size()) {
            Token last = tokens.get(next - 1);
            throw fault(last, "expected a target after '" + last.text() + "'");
        }
        Token token = tokens.get(next++);
        return switch (token.kind()) {
            case TERM -> terms.compoundTerm(token.text(), token.position());
            case LPAREN -> group(token);
            default -> throw fault(token, "unexpected '" + token.text() + "'");
        };
    }

    private TargetExpression group(Token open) {
        enter(open);
        TargetExpression inner = or();
        nesting--;
        if (next == tokens.size()) {
            throw fault(open, "unclosed '('");
        }
        Token close = tokens.get(next);
        if (close.kind() != Token.Kind.RPAREN) {
            throw unexpectedAfterTarget(close);
        }
        next++;
        return inner;
    }

    private void enter(Token token) {
        if (++nesting > MAX_NESTING) {
            throw fault(token, "nesting deeper than " + MAX_NESTING + " levels");
        }
    }

    private TargetSyntaxException fault(Token token, String what) {
        return TargetSyntaxException.at(expression, token.position(), what);
    }

    /** A token that follows a complete target without an operator in between. */
    private TargetSyntaxException unexpectedAfterTarget(Token token) {
        if (token.kind() == Token.Kind.RPAREN) {
            return TargetSyntaxException.at(expression, token.position(), "unexpected ')'", "no '(' to close");
        }
        String what = "expected 'and' or 'or' before '" + token.text() + "'";
        return token.kind() == Token.Kind.NOT
                ? TargetSyntaxException.at(expression, token.position(), what, "write 'and not'")
                : TargetSyntaxException.at(expression, token.position(), what);
    }
}
