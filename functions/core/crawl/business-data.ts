/**
 * The business details a page declares for search engines in JSON-LD (schema.org Organization,
 * LocalBusiness and its subtypes: Plumber, HairSalon, BedAndBreakfast, ...), as `Name: value` lines.
 * Site themes fill them from the owner's settings, and they often hold what the visible page shows only
 * as an icon or a "Call now" button: the phone number, the full address, the hours, the areas served.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Beyond these a page's declarations are not read further: the text stays bounded whatever it holds. */
const MAX_SCRIPT_CHARS = 100_000;
const MAX_VALUE_CHARS = 300;
const MAX_LIST_ITEMS = 30;

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const asList = (value: Json | undefined): Json[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);
const clean = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, MAX_VALUE_CHARS);

/** Text of a value: a string or number as is, an object by its name (a Place, a City). */
function textOf(value: Json | undefined): string {
  if (typeof value === 'string' || typeof value === 'number') return clean(String(value));
  if (isObject(value)) return textOf(value.name ?? value['@value']);
  return '';
}

const listOf = (value: Json | undefined) => [...new Set(asList(value).map(textOf).filter(Boolean))].slice(0, MAX_LIST_ITEMS);

function addressOf(value: Json | undefined): string {
  if (!isObject(value)) return textOf(value);
  const region = [value.addressRegion, value.postalCode].map(textOf).filter(Boolean).join(' ');
  return [value.streetAddress, value.addressLocality, region, value.addressCountry].map(textOf).filter(Boolean).join(', ');
}

const dayName = (day: Json) => textOf(day).replace(/^https?:\/\/schema\.org\//i, '');

/** "Monday, Tuesday: 07:00 – 18:00" per specification; plain `openingHours` strings ("Tu 09:00-17:30") as written. */
function hoursOf(business: JsonObject): string[] {
  const lines = listOf(business.openingHours);
  for (const spec of asList(business.openingHoursSpecification)) {
    if (!isObject(spec)) continue;
    const days = asList(spec.dayOfWeek).map(dayName).filter(Boolean).join(', ');
    const opens = textOf(spec.opens);
    const closes = textOf(spec.closes);
    if (days && opens && closes) lines.push(`${days}: ${opens} – ${closes}`);
  }
  return lines.slice(0, MAX_LIST_ITEMS);
}

/** A declaration about the business itself (not a product, article or FAQ): it says how to reach it. */
const describesBusiness = (item: JsonObject) =>
  ['telephone', 'address', 'openingHours', 'openingHoursSpecification', 'email'].some((key) => item[key] !== undefined);

function linesOf(business: JsonObject): string[] {
  const lines: [string, string][] = [
    ['Name', textOf(business.name)],
    ['Phone', textOf(business.telephone)],
    ['E-mail', textOf(business.email).replace(/^mailto:/i, '')],
    ['Address', addressOf(business.address)],
    ['Opening hours', hoursOf(business).join('; ')],
    ['Areas served', listOf(business.areaServed).join(', ')],
    ['Price range', textOf(business.priceRange)],
    ['Check-in', textOf(business.checkinTime)],
    ['Check-out', textOf(business.checkoutTime)],
  ];
  return lines.filter(([, value]) => value).map(([name, value]) => `${name}: ${value}`);
}

/** Every JSON-LD item of the page, `@graph` members included. */
function itemsOf(document: Document): JsonObject[] {
  const items: JsonObject[] = [];
  const visit = (value: Json | undefined) => {
    for (const item of asList(value)) {
      if (!isObject(item)) continue;
      items.push(item);
      visit(item['@graph']);
    }
  };
  for (const script of document.querySelectorAll('script[type="application/ld+json" i]')) {
    const source = (script.textContent ?? '').slice(0, MAX_SCRIPT_CHARS);
    try {
      visit(JSON.parse(source) as Json);
    } catch {
      // A broken declaration is the site's mistake, not a reason to lose the page.
    }
  }
  return items;
}

/** The page's declared business details as markdown (a heading and one `Name: value` line each), or ''. */
export function businessDetailsText(document: Document): string {
  const blocks: string[] = [];
  for (const item of itemsOf(document).filter(describesBusiness)) {
    const lines = linesOf(item);
    const block = lines.join('\n');
    if (lines.length > 1 && !blocks.includes(block)) blocks.push(block);
  }
  return blocks.map((block) => `## Business details\n\n${block}`).join('\n\n');
}
