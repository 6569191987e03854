import { messagePlaceholders, type TriggerData } from '../../contracts/workflows.js';

const PLACEHOLDER = new RegExp(`\\{\\{\\s*(${messagePlaceholders.join('|')})\\s*\\}\\}`, 'g');

/**
 * Fills {{contact_name}}, {{customer_phone}}, {{message}} and {{business_name}} from what triggered the
 * execution. One the trigger does not know becomes empty rather than staying as braces in a customer's text.
 */
export function fillPlaceholders(text: string, data: TriggerData): string {
  return text.replace(PLACEHOLDER, (_, name: (typeof messagePlaceholders)[number]) => data[name] ?? '');
}
