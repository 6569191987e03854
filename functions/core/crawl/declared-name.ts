import { describesBusiness } from './business-data.js';
import { asList, type JsonObject } from './json-ld.js';

/** schema.org types that are the business itself, besides any item that says how to reach it. */
const BUSINESS_TYPES = /^(?:https?:\/\/schema\.org\/)?(?:Organization|Corporation|LocalBusiness|Store|Restaurant|ProfessionalService|NGO|EducationalOrganization|MedicalOrganization|SportsOrganization)$/i;
const WEBSITE_TYPE = /^(?:https?:\/\/schema\.org\/)?WebSite$/i;

const typesOf = (item: JsonObject) => asList(item['@type']).filter((type): type is string => typeof type === 'string');
const nameOf = (item: JsonObject) => (typeof item.name === 'string' && item.name.trim() ? item.name : undefined);

/**
 * The names a page declares for search engines in JSON-LD: the business's (schema.org Organization,
 * LocalBusiness and its subtypes, or any item with its phone, address or hours) and the website's
 * (WebSite, which themes fill with the site's title setting).
 */
export function declaredNames(items: readonly JsonObject[]): { business?: string; website?: string } {
  const business = items.find((item) => nameOf(item) && (typesOf(item).some((type) => BUSINESS_TYPES.test(type)) || describesBusiness(item)));
  const website = items.find((item) => nameOf(item) && typesOf(item).some((type) => WEBSITE_TYPE.test(type)));
  return { business: business && nameOf(business), website: website && nameOf(website) };
}
