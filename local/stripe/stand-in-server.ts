import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { readBody } from '../read-body.js';
import { parseStripeForm } from './form-body.js';
import { checkoutPage, overviewPage, portalPage } from './pages.js';
import { LOCAL_PRICE, StandInState, addMonth, newId, unixNow, type StripeObject } from './stand-in-state.js';
import { checkCard } from './test-cards.js';

export interface StripeStandInOptions {
  port: number;
  /** The API key the product must send (`Authorization: Bearer sk_test_...`). */
  secretKey: string;
  /** Signs the webhooks, as the endpoint's signing secret (`whsec_...`) does on Stripe. */
  webhookSecret: string;
  /** Where events are delivered (the product's stripe-webhook route). */
  webhookUrl: string;
  /** Keeps the objects between runs (`npm run dev`); in memory without one. */
  stateFile?: string;
}

export interface StripeStandIn {
  /** Base URL of the API and the hosted pages. */
  url: string;
  stop(): Promise<void>;
}

/** Stripe's API version of the installed `stripe` package, which its objects follow. */
const API_VERSION = Stripe.API_VERSION;
const RETRY_DELAYS_MS = [500, 2_000];

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string) =>
  new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id', type: 'invalid_request_error' });

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers });
  res.end(JSON.stringify(body));
}

const html = (res: ServerResponse, status: number, page: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page);
};

const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location });
  res.end();
};

/**
 * The local Stripe (ARCHITECTURE.md section 5): the API calls the product makes, in Stripe's request and
 * response shapes (customers, Checkout sessions, subscriptions, Billing Portal sessions), a hosted
 * Checkout page that takes Stripe's test cards, a Customer Portal page, and events delivered to the
 * webhook endpoint signed exactly as Stripe signs them (`stripe.webhooks.generateTestHeaderString`).
 * Beside Stripe's API, `/_stand-in/...` lets tests end a billing period and resend an event.
 */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const state = new StandInState(options.stateFile);
  const signer = new Stripe(options.secretKey);
  const url = `http://127.0.0.1:${options.port}`;
  const pendingDeliveries = new Set<Promise<void>>();
  let stopping = false;

  async function deliver(record: { event: StripeObject; attempts: { at: string; status: number }[] }) {
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length && !stopping; attempt++) {
      const payload = JSON.stringify(record.event);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
      let status = 0;
      try {
        const res = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      record.attempts.push({ at: new Date().toISOString(), status });
      state.save();
      if (status >= 200 && status < 300) return;
      await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt] ?? 0));
    }
  }

  /** Records an event and delivers it in the background, as Stripe does (the caller does not wait). */
  function emit(type: string, object: StripeObject, previous?: Record<string, unknown>) {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: unixNow(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record = { event, attempts: [] };
    state.data.events.push(record);
    state.save();
    const delivery = deliver(record).finally(() => pendingDeliveries.delete(delivery));
    pendingDeliveries.add(delivery);
  }

  const customerOf = (id: unknown) => state.data.customers[String(id)];

  /** The subscriptions of a customer, newest first. */
  const subscriptionsOf = (customer: string) =>
    Object.values(state.data.subscriptions)
      .filter((s) => s.customer === customer)
      .sort((a, b) => Number(b.created) - Number(a.created));

  // ---- Stripe's API ----

  function api(method: string, path: string, params: Record<string, unknown>, query: URLSearchParams): unknown {
    const parts = path.split('/').filter(Boolean); // ['v1', ...]
    const [, resource, id, action] = parts;
    if (resource === 'customers') {
      if (method === 'POST' && !id) {
        const customer: StripeObject = {
          id: newId('cus'),
          object: 'customer',
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
          created: unixNow(),
          livemode: false,
        };
        state.data.customers[customer.id] = customer;
        return customer;
      }
      const customer = customerOf(id);
      if (!customer) throw missing('customer', String(id));
      if (method === 'GET') return customer;
      if (method === 'DELETE') {
        for (const subscription of subscriptionsOf(customer.id)) if (subscription.status !== 'canceled') cancelNow(subscription);
        delete state.data.customers[customer.id];
        return { id: customer.id, object: 'customer', deleted: true };
      }
    }
    if (resource === 'prices' && method === 'GET' && id === LOCAL_PRICE.id) return LOCAL_PRICE;
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      if (method === 'POST' && !sessionId) return createSession(params);
      const session = state.data.sessions[String(sessionId)];
      if (!session) throw missing('checkout.session', String(sessionId));
      return session;
    }
    if (resource === 'subscriptions') {
      if (method === 'GET' && !id) {
        const customer = query.get('customer') ?? '';
        const status = query.get('status') ?? 'active';
        const limit = Number(query.get('limit') ?? 10);
        const data = subscriptionsOf(customer).filter((s) => status === 'all' || s.status === status || (status === 'active' && s.status === 'trialing'));
        return { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url: '/v1/subscriptions' };
      }
      const subscription = state.data.subscriptions[String(id)];
      if (!subscription) throw missing('subscription', String(id));
      if (method === 'GET') return subscription;
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          throw new StripeApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.', { type: 'invalid_request_error' });
        }
        cancelNow(subscription);
        return subscription;
      }
      if (method === 'POST') {
        if ('cancel_at_period_end' in params) setCancelAtPeriodEnd(subscription, params.cancel_at_period_end === 'true');
        return subscription;
      }
    }
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      const customer = customerOf(params.customer);
      if (!customer) throw missing('customer', String(params.customer));
      const portal: StripeObject = {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: customer.id,
        return_url: params.return_url ?? null,
        created: unixNow(),
        livemode: false,
        url: '',
      };
      portal.url = `${url}/portal/${portal.id}`;
      state.data.portalSessions[portal.id] = portal;
      return portal;
    }
    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}). The local Stripe stand-in implements only what the product calls.`, {
      type: 'invalid_request_error',
    });
  }

  function createSession(params: Record<string, unknown>): StripeObject {
    const lineItems = (params.line_items as { price?: string; quantity?: string }[] | undefined) ?? [];
    if (params.mode !== 'subscription') throw new StripeApiError(400, 'The stand-in sells subscriptions only: mode must be subscription.', { param: 'mode' });
    if (lineItems.length !== 1 || lineItems[0]?.price !== LOCAL_PRICE.id) throw missing('price', String(lineItems[0]?.price));
    for (const name of ['success_url', 'cancel_url']) {
      if (typeof params[name] !== 'string' || !/^https?:\/\//.test(params[name])) {
        throw new StripeApiError(400, `Not a valid URL`, { param: name, type: 'invalid_request_error' });
      }
    }
    if (params.customer && !customerOf(params.customer)) throw missing('customer', String(params.customer));
    const session: StripeObject = {
      id: newId('cs_test'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: params.customer ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      subscription_data: params.subscription_data ?? {},
      subscription: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      amount_total: LOCAL_PRICE.unit_amount,
      currency: 'gbp',
      created: unixNow(),
      expires_at: unixNow() + 24 * 3600,
      livemode: false,
      url: '',
    };
    session.url = `${url}/checkout/${session.id}`;
    state.data.sessions[session.id] = session;
    return session;
  }

  function cancelNow(subscription: StripeObject) {
    subscription.status = 'canceled';
    subscription.canceled_at = unixNow();
    subscription.ended_at = unixNow();
    emit('customer.subscription.deleted', subscription);
  }

  function setCancelAtPeriodEnd(subscription: StripeObject, cancel: boolean) {
    const previous = { cancel_at_period_end: subscription.cancel_at_period_end };
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? StandInState.item(subscription).current_period_end : null;
    subscription.canceled_at = cancel ? unixNow() : null;
    emit('customer.subscription.updated', subscription, previous);
  }

  /** The end of the current period: cancel if asked, else charge the card for the next one. */
  function endPeriod(subscription: StripeObject) {
    if (subscription.status === 'canceled') return;
    if (subscription.cancel_at_period_end) return cancelNow(subscription);
    const item = StandInState.item(subscription);
    const card = state.data.cards[String(subscription.default_payment_method)];
    const previous = { status: subscription.status, items: structuredClone(subscription.items) };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addMonth(item.current_period_end);
    const paid = card?.behaviour === 'succeeds';
    const invoice = state.createInvoice(subscription, paid);
    subscription.status = paid ? 'active' : 'past_due';
    emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    emit('customer.subscription.updated', subscription, previous);
  }

  // ---- Hosted pages ----

  function cardFrom(form: URLSearchParams) {
    return { number: form.get('cardNumber') ?? '', expiry: form.get('cardExpiry') ?? '', cvc: form.get('cardCvc') ?? '' };
  }

  function completeCheckout(session: StripeObject, form: URLSearchParams): string | undefined {
    const card = checkCard(cardFrom(form), true);
    if (!card.ok) return card.message;
    let customerId = session.customer as string | null;
    if (!customerId) {
      customerId = (api('POST', '/v1/customers', { metadata: session.metadata }, new URLSearchParams()) as StripeObject).id;
      session.customer = customerId;
    }
    const metadata = ((session.subscription_data as { metadata?: Record<string, unknown> }).metadata ?? {}) as Record<string, unknown>;
    const subscription = state.createSubscription(customerId, metadata, { brand: card.brand!, last4: card.last4!, behaviour: card.behaviour! });
    const invoice = state.createInvoice(subscription, true);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    emit('customer.subscription.created', subscription);
    emit('invoice.paid', invoice);
    emit('checkout.session.completed', session);
    return undefined;
  }

  async function pages(req: IncomingMessage, res: ServerResponse, path: string) {
    const [, kind, id, action] = path.split('/');
    const form = req.method === 'POST' ? new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8')) : new URLSearchParams();
    if (kind === 'checkout') {
      const session = state.data.sessions[String(id)];
      if (!session) return html(res, 404, 'No such checkout session');
      if (req.method === 'POST' && session.status === 'open') {
        const error = completeCheckout(session, form);
        state.save();
        if (!error) return redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
        const entry = Object.fromEntries(['cardNumber', 'cardExpiry', 'cardCvc', 'cardName'].map((name) => [name, form.get(name) ?? '']));
        return html(res, 402, checkoutPage(session, customerOf(session.customer), error, entry));
      }
      return html(res, 200, checkoutPage(session, customerOf(session.customer)));
    }
    if (kind === 'portal') {
      const portal = state.data.portalSessions[String(id)];
      if (!portal) return html(res, 404, 'No such portal session');
      const current = subscriptionsOf(String(portal.customer)).find((s) => s.status !== 'canceled') ?? subscriptionsOf(String(portal.customer))[0];
      let message: string | undefined;
      if (req.method === 'POST' && current) {
        if (action === 'cancel') setCancelAtPeriodEnd(current, true);
        if (action === 'renew') setCancelAtPeriodEnd(current, false);
        if (action === 'payment-method') {
          const card = checkCard(cardFrom(form), false);
          if (!card.ok) message = card.message;
          else {
            const paymentMethod = newId('pm');
            state.data.cards[paymentMethod] = { brand: card.brand!, last4: card.last4!, behaviour: card.behaviour! };
            current.default_payment_method = paymentMethod;
            // An unpaid invoice is paid with the new card straight away, as Stripe retries it.
            const open = Object.values(state.data.invoices).find((i) => i.id === current.latest_invoice && i.status === 'open');
            if (open && card.behaviour === 'succeeds') {
              Object.assign(open, { status: 'paid', amount_paid: open.amount_due, amount_remaining: 0 });
              const previous = { status: current.status };
              current.status = 'active';
              emit('invoice.paid', open);
              emit('customer.subscription.updated', current, previous);
            }
            message = `Card •••• ${card.last4} saved.`;
          }
        }
        state.save();
        if (!message) return redirect(res, `/portal/${portal.id}`);
      }
      const card = current ? state.data.cards[String(current.default_payment_method)] : undefined;
      return html(res, message ? 200 : 200, portalPage(portal, current, card, message));
    }
    return html(res, 200, overviewPage(state, options.webhookUrl));
  }

  // ---- The stand-in's own controls, for tests ----

  function controls(method: string, path: string): unknown {
    const [, , kind, id, action] = path.split('/'); // /_stand-in/<kind>/<id>/<action>
    if (kind === 'events' && method === 'GET') return { data: state.data.events };
    if (kind === 'events' && action === 'resend' && method === 'POST') {
      const record = state.data.events.find((e) => e.event.id === id);
      if (!record) throw missing('event', String(id));
      return deliver(record).then(() => record);
    }
    if (kind === 'subscriptions' && action === 'end-period' && method === 'POST') {
      const subscription = state.data.subscriptions[String(id)];
      if (!subscription) throw missing('subscription', String(id));
      endPeriod(subscription);
      return subscription;
    }
    throw new StripeApiError(404, `No stand-in control ${method} ${path}`);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const target = new URL(req.url ?? '/', url);
      const method = req.method ?? 'GET';
      try {
        if (target.pathname.startsWith('/v1/')) {
          if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
            throw new StripeApiError(401, `Invalid API Key provided: ${String(req.headers.authorization ?? '').replace(/^Bearer /, '').slice(0, 12)}****`, {
              type: 'invalid_request_error',
            });
          }
          const body = method === 'GET' || method === 'DELETE' ? {} : parseStripeForm((await readBody(req, 256 * 1024)).toString('utf8'));
          const result = api(method, target.pathname, body, target.searchParams);
          state.save();
          return send(res, 200, result, { 'stripe-version': API_VERSION });
        }
        if (target.pathname.startsWith('/_stand-in/')) return send(res, 200, await controls(method, target.pathname));
        return await pages(req, res, target.pathname);
      } catch (error) {
        if (error instanceof StripeApiError) {
          return send(res, error.status, { error: { type: 'invalid_request_error', message: error.message, ...error.extra } });
        }
        send(res, 500, { error: { type: 'api_error', message: String((error as Error)?.message ?? error) } });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url,
    stop: async () => {
      stopping = true;
      await Promise.allSettled([...pendingDeliveries]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
