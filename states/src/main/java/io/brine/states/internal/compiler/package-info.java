/**
 * Not API. The compile chain: top file → render (Jinja) and parse (YAML with lines) each sls →
 * gather includes and extends → check arguments against declared parameters → link requisites →
 * reject cycles. Every error names its file and line.
 */
package io.brine.states.internal.compiler;
