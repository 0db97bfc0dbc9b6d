package io.brine.states.internal.jinja.python;

import jinjava.de.odysseus.el.misc.NumberOperations;
import jinjava.de.odysseus.el.misc.TypeConverter;
import jinjava.de.odysseus.el.tree.impl.ast.AstBinary;

/** The binary operators whose meaning Python gives differently from Jinjava. */
final class PythonOperators {
  private PythonOperators() {}

  /** {@code %}: printf-style formatting when the left side is a string ({@link PercentFormat}), else modulo. */
  static final AstBinary.Operator MODULO = new AstBinary.SimpleOperator() {
    @Override
    protected Object apply(TypeConverter converter, Object left, Object right) {
      if (left instanceof CharSequence template) {
        return PercentFormat.format(template.toString(), right);
      }
      return NumberOperations.mod(converter, left, right);
    }

    @Override
    public String toString() {
      return "%";
    }
  };
}
