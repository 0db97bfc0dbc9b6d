package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.SetTag;
import com.hubspot.jinjava.tree.parse.TagToken;
import java.util.List;

/**
 * Jinjava's {@code set}, remembering why a variable was set to an undefined value: in Jinja, {@code {% set v =
 * grains['saltversioninfo'] %}} keeps the undefined value with its reason, and printing {@code v} later fails with
 * {@code 'dict object' has no attribute 'saltversioninfo'}, not with {@code 'v' is undefined}.
 */
public final class NotingSetTag extends SetTag {
    @Override
    public void executeSet(TagToken tagToken, JinjavaInterpreter interpreter, String[] varTokens, List<?> resolvedList,
            boolean allowDeferredValueOverride) {
        if (interpreter instanceof PythonInterpreter python && resolvedList != null
                && resolvedList.size() == varTokens.length) {
            String why = PythonInterpreter.lastUndefined();
            for (int i = 0; i < varTokens.length; i++) {
                python.noteVariable(varTokens[i].strip(), resolvedList.get(i) == null ? why : null);
            }
        }
        super.executeSet(tagToken, interpreter, varTokens, resolvedList, allowDeferredValueOverride);
    }
}
