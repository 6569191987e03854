import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { CardBehaviour } from './test-cards.js';

/**
 * The Stripe objects the stand-in keeps, in Stripe's own shapes (API version of the `stripe` package),
 * limited to the fields the product reads plus the ones every object has.
 */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface PaymentCard {
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
}

export interface DeliveredEvent {
  event: StripeObject;
  /** Delivery attempts to the webhook endpoint: HTTP status, or 0 when it could not be reached. */
  attempts: { at: string; status: number }[];
}

interface State {
  customers: Record<string, StripeObject>;
  sessions: Record<string, StripeObject>;
  subscriptions: Record<string, StripeObject>;
  invoices: Record<string, StripeObject>;
  portalSessions: Record<string, StripeObject>;
  cards: Record<string, PaymentCard>;
  events: DeliveredEvent[];
}

/** The plan the product sells (spec 000: 99 pounds a month), under its own price id. */
export const LOCAL_PRICE = {
  id: 'price_assistly_monthly',
  object: 'price',
  active: true,
  currency: 'gbp',
  unit_amount: 9900,
  type: 'recurring',
  recurring: { interval: 'month', interval_count: 1 },
  product: 'prod_assistly',
  nickname: 'Assistly Monthly',
  livemode: false,
} as const;

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

/** One month on, as Stripe bills monthly plans (same day of the next month). */
export function addMonth(unix: number): number {
  const date = new Date(unix * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** The stand-in's objects, kept in a JSON file between `npm run dev` runs (in memory without one). */
export class StandInState {
  private state: State;

  constructor(private readonly file?: string) {
    const empty: State = { customers: {}, sessions: {}, subscriptions: {}, invoices: {}, portalSessions: {}, cards: {}, events: [] };
    this.state = file && existsSync(file) ? { ...empty, ...(JSON.parse(readFileSync(file, 'utf8')) as State) } : empty;
  }

  get data(): State {
    return this.state;
  }

  save(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.state));
  }

  /** The subscription's single item (one price, quantity 1), where Stripe keeps the current period. */
  static item(subscription: StripeObject): StripeObject & { current_period_start: number; current_period_end: number } {
    const items = subscription.items as { data: (StripeObject & { current_period_start: number; current_period_end: number })[] };
    return items.data[0]!;
  }

  createSubscription(customer: string, metadata: Record<string, unknown>, card: PaymentCard, now = unixNow()): StripeObject {
    const id = newId('sub');
    const paymentMethod = newId('pm');
    this.state.cards[paymentMethod] = card;
    const subscription: StripeObject = {
      id,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      currency: 'gbp',
      collection_method: 'charge_automatically',
      default_payment_method: paymentMethod,
      latest_invoice: null,
      livemode: false,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: LOCAL_PRICE,
            quantity: 1,
            subscription: id,
            current_period_start: now,
            current_period_end: addMonth(now),
            created: now,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    this.state.subscriptions[id] = subscription;
    return subscription;
  }

  /** An invoice of the subscription's current period, paid or left open after a failed charge. */
  createInvoice(subscription: StripeObject, paid: boolean, now = unixNow()): StripeObject {
    const item = StandInState.item(subscription);
    const invoice: StripeObject = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      currency: 'gbp',
      amount_due: LOCAL_PRICE.unit_amount,
      amount_paid: paid ? LOCAL_PRICE.unit_amount : 0,
      amount_remaining: paid ? 0 : LOCAL_PRICE.unit_amount,
      attempt_count: 1,
      billing_reason: subscription.latest_invoice ? 'subscription_cycle' : 'subscription_create',
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      created: now,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    this.state.invoices[invoice.id] = invoice;
    subscription.latest_invoice = invoice.id;
    return invoice;
  }
}
