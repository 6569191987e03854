import { DECLARED_DETAILS_HEADING } from '../knowledge/knowledge-document.js';
import { asList, isObject, type Json, type JsonObject } from './json-ld.js';

/**
 * The business details a page declares for search engines in JSON-LD (schema.org Organization,
 * LocalBusiness and its subtypes: Plumber, HairSalon, BedAndBreakfast, ...), as `Name: value` lines.
 * Site themes fill them from the owner's settings, and they often hold what the visible page shows only
 * as an icon or a "Call now" button: the phone number, the full address, the hours, the areas served.
 */

/** Beyond these a declaration's values are cut: the text stays bounded whatever it holds. */
const MAX_VALUE_CHARS = 300;
const MAX_LIST_ITEMS = 30;

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
export const describesBusiness = (item: JsonObject) =>
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

/** The page's declared business details as markdown (a heading and one `Name: value` line each), or ''. */
export function businessDetailsText(items: readonly JsonObject[]): string {
  const blocks: string[] = [];
  for (const item of items.filter(describesBusiness)) {
    const lines = linesOf(item);
    const block = lines.join('\n');
    if (lines.length > 1 && !blocks.includes(block)) blocks.push(block);
  }
  return blocks.map((block) => `## ${DECLARED_DETAILS_HEADING}\n\n${block}`).join('\n\n');
}
