package io.brine.states.internal.jinja;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.interpret.RenderResult;
import com.hubspot.jinjava.interpret.TemplateError;
import io.brine.states.StateFiles;
import io.brine.states.TemplateException;
import io.brine.states.Templates;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Jinjava, locked down. Jinjava already refuses {@code getClass}, {@code forName} and
 * {@code java.lang.reflect}; on top of that templates only ever receive plain data
 * ({@link PlainData}), read includes only from the state tree ({@link StateTreeLocator}), and are
 * bounded in output size and nesting so a template cannot exhaust the minion.
 */
public final class JinjaTemplates implements Templates {
  private static final long MAX_OUTPUT = 16L * 1024 * 1024;

  private final Jinjava jinjava;
  private final Map<String, Object> globals;

  public JinjaTemplates(StateFiles files, String minionId, Map<String, Object> grains, Map<String, Object> pillar) {
    JinjavaConfig config = JinjavaConfig.newBuilder()
        .withMaxOutputSize(MAX_OUTPUT)
        .withMaxRenderDepth(10)
        .withMaxMacroRecursionDepth(20)
        .withFailOnUnknownTokens(false)
        .build();
    this.jinjava = new Jinjava(config);
    this.jinjava.setResourceLocator(new StateTreeLocator(files));
    Map<String, Object> vars = new LinkedHashMap<>();
    Map<String, Object> plainGrains = PlainData.copyMap(grains);
    plainGrains.putIfAbsent("id", minionId);
    vars.put("grains", plainGrains);
    vars.put("pillar", PlainData.copyMap(pillar));
    vars.put("minion_id", minionId);
    vars.put("opts", Map.of("id", minionId));
    this.globals = vars;
  }

  @Override
  public String render(String source, String name, Map<String, Object> extra) throws TemplateException {
    Map<String, Object> vars = new LinkedHashMap<>(globals);
    if (extra != null) {
      extra.forEach((k, v) -> vars.put(k, PlainData.copy(v)));
    }
    RenderResult result;
    try {
      result = jinjava.renderForResult(source, vars);
    } catch (RuntimeException e) {
      throw new TemplateException(name, 0, "template failed: " + e.getMessage());
    }
    for (TemplateError error : result.getErrors()) {
      if (stopsRendering(error)) {
        throw new TemplateException(name, error.getLineno(), error.getMessage());
      }
    }
    return result.getOutput();
  }

  /**
   * Jinjava reports an unknown filter, a bad call or a limit hit as a mere warning and renders on;
   * a config file rendered around such a hole is worse than no file. Only a missing property stays
   * a warning, because Jinja renders undefined values as empty and Salt templates rely on that.
   */
  private static boolean stopsRendering(TemplateError error) {
    if (error.getSeverity() == TemplateError.ErrorType.FATAL) {
      return true;
    }
    return switch (error.getReason()) {
      case UNKNOWN -> error.getItem() != TemplateError.ErrorItem.PROPERTY;
      case SYNTAX_ERROR, EXCEPTION, INVALID_ARGUMENT, INVALID_INPUT, OUTPUT_TOO_BIG, OVER_LIMIT,
          COLLECTION_TOO_BIG, DISABLED -> true;
      default -> false;
    };
  }
}
