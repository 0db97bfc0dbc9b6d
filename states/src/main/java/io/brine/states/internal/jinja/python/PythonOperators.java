package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.StringConcatOperator;
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

  /**
   * {@code ~}: Jinja joins {@code str()} of each side, so {@code 'x' ~ true} is {@code xTrue}; Jinjava's own
   * conversion would give {@code xtrue}. The result stays bounded by the output limit, as Jinjava's is.
   */
  static final AstBinary.Operator CONCAT = new StringConcatOperator() {
    @Override
    protected Object apply(TypeConverter converter, Object left, Object right) {
      return getStringBuilder().append(PythonText.str(left)).append(PythonText.str(right)).toString();
    }
  };
}
