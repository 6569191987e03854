/**
 * Whether an event matches a Lambda filter pattern, for the parts of the pattern language the local
 * event source mappings use (lib/routes.ts `streamConsumers`): nested fields, a list of values any of
 * which may match, and `{ exists: boolean }`. Anything else in a pattern is refused, so a filter the
 * local poller cannot apply fails loudly instead of passing everything.
 */
export function matchesEventPattern(pattern: Readonly<Record<string, unknown>>, event: unknown): boolean {
  const object = typeof event === 'object' && event !== null ? (event as Record<string, unknown>) : {};
  return Object.entries(pattern).every(([field, rule]) => {
    const value = object[field];
    if (!Array.isArray(rule)) return typeof rule === 'object' && rule !== null && matchesEventPattern(rule as Record<string, unknown>, value);
    return rule.some((option: unknown) => {
      if (typeof option !== 'object' || option === null) return value === option;
      if ('exists' in option && Object.keys(option).length === 1) return (value !== undefined) === (option as { exists: boolean }).exists;
      throw new Error(`The local event source mapping cannot apply the filter rule ${JSON.stringify(option)}`);
    });
  });
}
