/**
 * The English names of the world's countries, territories and continents, from the Unicode CLDR data
 * that Node's ICU ships (Intl.DisplayNames): "United States" and "US", "United Kingdom" and "UK",
 * "Europe". A passage naming one of them says where a business works ("across the US, UK and Canada").
 */
/** CLDR's continents and groups of countries (UN M49 codes) that sites name as places they serve. */
const CONTINENT_CODES = ['002', '019', '142', '150', '009', '021', '005', '013', '029', '419'];
/** CLDR codes that name no place: unknown, pseudo-locales, the world, organisations and currency areas. */
const NOT_PLACES = new Set(['ZZ', 'XA', 'XB', 'UN', 'EZ', 'QO', 'AA', 'XX']);
/** Everyday names CLDR does not give (it names the countries by their official short forms). */
const EVERYDAY_NAMES = ['USA', 'America', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'North America'];

function countryNames(): string[] {
  // Made here, not at import: opening ICU's region names costs a cold start that asks about no country.
  const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const shortRegionNames = new Intl.DisplayNames(['en'], { type: 'region', style: 'short' });
  const names = new Set<string>(EVERYDAY_NAMES);
  const add = (name: string) => {
    // "Myanmar (Burma)": both names; "Bosnia & Herzegovina": also with "and".
    for (const part of name.split(/\s*[()]\s*/).filter(Boolean)) {
      names.add(part);
      if (part.includes('&')) names.add(part.replace('&', 'and'));
    }
    // "US" is also written "U.S.".
    if (/^[A-Z]{2,3}$/.test(name)) names.add(`${name.split('').join('.')}.`);
  };
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = regionNames.of(code);
      if (!name || name === code || NOT_PLACES.has(code)) continue;
      add(name);
      add(shortRegionNames.of(code) ?? name);
    }
  }
  for (const code of CONTINENT_CODES) add(regionNames.of(code) ?? '');
  return [...names].filter((name) => name.length >= 2);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let countryNamePattern: RegExp | undefined;
/**
 * Case matters: "US" the country, not "us"; "Chad", not "chad". Built on first use, not at import: its
 * 1,352 ICU lookups took about 30 ms of every cold start of the functions that load it (chat among
 * them), while only a question or a page about countries needs it.
 */
function countryName(): RegExp {
  if (countryNamePattern) return countryNamePattern;
  const names = countryNames().sort((a, b) => b.length - a.length);
  return (countryNamePattern = new RegExp(`(?<![\\p{L}\\p{N}.])(?:${names.map(escape).join('|')})(?![\\p{L}\\p{N}]|\\.\\p{L})`, 'gu'));
}
const allCaps = /^[A-Z.]+$/;
const shoutedWord = /\b[A-Z]{2,}\s*$/;

/** Whether the text names a country, territory or continent (an abbreviation shouted in a heading, "CONTACT US", is none). */
export function namesCountry(text: string): boolean {
  for (const match of text.matchAll(countryName())) {
    if (!allCaps.test(match[0])) return true;
    const before = text.slice(Math.max(0, match.index - 20), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 20);
    if (!shoutedWord.test(before) && !/^\s*[A-Z]{2,}\b/.test(after)) return true;
  }
  return false;
}
