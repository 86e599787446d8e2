const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
]);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, ranges and grouping clauses
 * are removed, minus function names (followed by '(') and keywords.
 */
export function metricNames(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)]
    .filter(([, name, call]) => !call && !KEYWORDS.has(name))
    .map(([, name]) => name);
  return [...new Set(names)];
}
