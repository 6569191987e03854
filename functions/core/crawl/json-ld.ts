/** The JSON-LD a page declares for search engines (schema.org), read defensively. */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Beyond this a page's declaration is not read further: the text stays bounded whatever it holds. */
const MAX_SCRIPT_CHARS = 100_000;

export const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
export const asList = (value: Json | undefined): Json[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** Every JSON-LD item of these script texts, `@graph` members included; a broken one is skipped. */
export function jsonLdItemsIn(sources: readonly string[]): JsonObject[] {
  const items: JsonObject[] = [];
  const visit = (value: Json | undefined) => {
    for (const item of asList(value)) {
      if (!isObject(item)) continue;
      items.push(item);
      visit(item['@graph']);
    }
  };
  for (const source of sources) {
    try {
      visit(JSON.parse(source.slice(0, MAX_SCRIPT_CHARS)) as Json);
    } catch {
      // A broken declaration is the site's mistake, not a reason to lose the page.
    }
  }
  return items;
}

/** Every JSON-LD item of the page, `@graph` members included. Read before scripts are removed. */
export function jsonLdItemsOf(document: Document): JsonObject[] {
  return jsonLdItemsIn([...document.querySelectorAll('script[type="application/ld+json" i]')].map((script) => script.textContent ?? ''));
}
