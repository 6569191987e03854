import { amountsIn } from '../knowledge/currency-amounts.js';

/**
 * The facts in a model's reply that a customer would act on (amounts, times, phone numbers, e-mail
 * addresses, any figure) which none of the texts it was given states: a reply with one is not sent
 * (the caller answers with the fallback message instead), because a model can invent a price or a
 * phone number that reads exactly like a real one.
 */
export function unsupportedFacts(reply: string, givenTexts: readonly string[]): string[] {
  return factCheck(givenTexts)(reply);
}

/**
 * unsupportedFacts with what was given read once: a streamed answer checks each sentence against the
 * same texts (core/chat/answer-stream.ts).
 */
export function factCheck(givenTexts: readonly string[]): (reply: string) => string[] {
  const given = givenTexts.join('\n');
  const givenLower = given.toLowerCase();
  const givenNumbers = new Set(numbersIn(given));
  const givenPhones = (given.match(PHONE) ?? []).map((phone) => phone.replace(/\D/g, ''));
  return (reply) => {
    const text = reply.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/https?:\/\/\S+/g, ' ');
    const unsupported: string[] = [];

    const emails = text.match(EMAIL) ?? [];
    for (const email of emails) if (!givenLower.includes(email.toLowerCase())) unsupported.push(email);
    const withoutEmails = text.replace(EMAIL, ' ');

    const phones = withoutEmails.match(PHONE) ?? [];
    for (const phone of phones) {
      const digits = phone.replace(/\D/g, '');
      // A number may be written with or without its country code or trunk zero.
      if (digits.length >= 7 && !givenPhones.some((known) => known.endsWith(digits.slice(-7)))) unsupported.push(phone.trim());
    }
    const rest = withoutEmails.replace(PHONE, (match) => (match.replace(/\D/g, '').length >= 7 ? ' ' : match));
    for (const number of numbersIn(rest)) if (!givenNumbers.has(number)) unsupported.push(number);
    return unsupported;
  };
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Digit groups joined by one space, dot or dash, an optional country code and area code in brackets. */
const PHONE = /(?:\+\d{1,3}[ .-]?)?(?:\(0?\d{1,5}\)[ .-]?)?\d{2,5}(?:[ .-]\d{2,5}){1,4}|\+?\d{7,15}/g;

/**
 * Every figure of a text, normalised: thousands separators and trailing zero decimals dropped
 * ("1,500.00" = "1500"), in amounts of any currency with their locale's separators too ("2 500 NOK",
 * "1.234,50 €", "CHF 1'234.50"), so a reply writing an amount the site states otherwise is no invention.
 */
function numbersIn(text: string): string[] {
  const amounts = amountsIn(text);
  let rest = text;
  for (const amount of amounts.toReversed()) rest = `${rest.slice(0, amount.index)} ${rest.slice(amount.index + amount.text.length)}`;
  const plain = (rest.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((raw) => raw.replace(/,(?=\d{3}\b)/g, '').replace(/\.0+$/, '').replace(/,$/, ''));
  return [...amounts.map((amount) => amount.value), ...plain];
}
