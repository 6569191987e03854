/**
 * Stripe's test card numbers (https://docs.stripe.com/testing) and what the stand-in does with them.
 * 'charge_fails' is 4000 0000 0000 0341: it can be saved (as a new card in the portal) but every charge
 * fails, which is how a renewal's failed payment is played.
 */
export type CardBehaviour = 'succeeds' | 'charge_fails';

export interface CardCheck {
  ok: boolean;
  /** The decline or validation message Stripe's page shows. */
  message?: string;
  brand?: string;
  last4?: string;
  behaviour?: CardBehaviour;
}

const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

const SUCCEEDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** Checks a card as Checkout would before charging it (`forCharge`: the first payment happens now). */
export function checkCard(input: { number: string; expiry: string; cvc: string }, forCharge: boolean, now = new Date()): CardCheck {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || !luhnValid(number)) return { ok: false, message: 'Your card number is invalid.' };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  if (!expiry) return { ok: false, message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) return { ok: false, message: "Your card's expiration month is invalid." };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, message: "Your card's expiration year is in the past." };
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, message: "Your card's security code is incomplete." };
  const last4 = number.slice(-4);
  if (DECLINES[number]) return { ok: false, message: DECLINES[number] };
  if (number === '4000000000000341') {
    return forCharge ? { ok: false, message: 'Your card was declined.' } : { ok: true, brand: 'visa', last4, behaviour: 'charge_fails' };
  }
  if (SUCCEEDS[number]) return { ok: true, brand: SUCCEEDS[number], last4, behaviour: 'succeeds' };
  return { ok: false, message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.' };
}
