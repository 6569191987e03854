/**
 * Stands in for `@acemir/cssom` in the Lambda bundles (lib/bundling.ts). linkedom parses CSS only when
 * code reads a `<style>` element's `sheet`, which the crawler never does; the parser weighs about 80 KB.
 */
export function parse(): never {
  throw new Error('CSS parsing is left out of the Lambda bundles (lib/bundling.ts)');
}
