/**
 * A whole number as `toLocaleString('en')` writes it ("2,000", "-12,500"), without asking ICU: the first
 * use of Intl in a process costs about 25 ms of CPU, and the contracts write their limits into messages at
 * import, in every cold start of the functions that load them.
 */
export function wholeNumberText(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en');
  return String(value).replace(/\B(?=(?:\d{3})+$)/g, ',');
}
