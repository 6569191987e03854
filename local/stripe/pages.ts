import { LOCAL_PRICE, StandInState, type PaymentCard, type StripeObject } from './stand-in-state.js';

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const price = `£${(LOCAL_PRICE.unit_amount / 100).toFixed(2)} per month`;
const day = (unix: number) => new Date(unix * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;padding:32px 16px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001;padding:28px}
h1{font-size:20px;margin:0 0 4px} .muted{color:#697386;font-size:14px} .amount{font-size:32px;font-weight:700;margin:12px 0}
label{display:block;font-size:14px;margin:14px 0 6px} input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cfd7df;border-radius:6px;font-size:16px}
.row{display:flex;gap:12px} .row>div{flex:1}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#df1b41;border:1px solid #df1b41}
.error{background:#fde8ec;color:#c0123c;border-radius:6px;padding:10px;margin-top:16px;font-size:14px}
.badge{display:inline-block;background:#e3e8ee;border-radius:4px;padding:2px 6px;font-size:12px;margin-left:6px}
a{color:#635bff} .note{font-size:12px;color:#697386;margin-top:18px}
</style></head><body><main>${body}</main></body></html>`;
}

/** What the payer typed, put back after a refused card so they retry by changing only what was wrong. */
export type CardEntry = Partial<Record<'cardNumber' | 'cardExpiry' | 'cardCvc' | 'cardName', string>>;

const valueOf = (entry: CardEntry, name: keyof CardEntry) => (entry[name] ? ` value="${escapeHtml(entry[name])}"` : '');

function cardFields(entry: CardEntry = {}): string {
  return `<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${valueOf(entry, 'cardNumber')}>
<div class="row"><div><label for="card-expiry">Expiry</label><input id="card-expiry" name="cardExpiry" placeholder="MM / YY" autocomplete="cc-exp" required${valueOf(entry, 'cardExpiry')}></div>
<div><label for="card-cvc">CVC</label><input id="card-cvc" name="cardCvc" placeholder="CVC" autocomplete="cc-csc" required${valueOf(entry, 'cardCvc')}></div></div>`;
}

/** A refusal shown under a form goes as soon as the payer changes a field or sends the form again, as on Stripe's page. */
const clearErrorOnRetry = `<script>for (const form of document.querySelectorAll('form')) for (const type of ['input', 'submit']) form.addEventListener(type, () => form.querySelector('.error')?.remove());</script>`;

const testNote = `<p class="note">Local Stripe stand-in (test mode). 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined;
4000 0000 0000 0341 can be saved as a new card in the portal, but its charges fail. Any future expiry, any 3-digit CVC.</p>`;

/** The hosted Checkout page of a session (what `session.url` opens). */
export function checkoutPage(session: StripeObject, customer: StripeObject | undefined, error?: string, entry: CardEntry = {}): string {
  const open = session.status === 'open';
  return layout(
    'Subscribe to Assistly',
    `<p class="muted"><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>
<h1>Subscribe to Assistly Monthly</h1>
<div class="amount">${price}</div>
<p class="muted">Unlimited AI assistants. ${customer?.email ? `Billed to ${escapeHtml(customer.email)}.` : ''}</p>
${
  open
    ? `<form method="post" action="/checkout/${escapeHtml(session.id)}">
${cardFields(entry)}
<label for="card-name">Name on card</label><input id="card-name" name="cardName" autocomplete="cc-name"${valueOf(entry, 'cardName')}>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<button type="submit">Subscribe</button></form>${clearErrorOnRetry}`
    : `<div class="error" role="alert">This checkout session is ${escapeHtml(session.status)}.</div>`
}
${testNote}`,
  );
}

/** The Customer Portal of a session: the plan, the card, update it, cancel or renew. */
export function portalPage(portal: StripeObject, subscription: StripeObject | undefined, card: PaymentCard | undefined, message?: string): string {
  const base = `/portal/${escapeHtml(portal.id)}`;
  let plan = '<p>You have no active plan.</p>';
  if (subscription) {
    const item = StandInState.item(subscription);
    const status = String(subscription.status);
    const ending = subscription.cancel_at_period_end
      ? `Your plan will be canceled on ${day(item.current_period_end)}.`
      : status === 'active'
        ? `Renews on ${day(item.current_period_end)}.`
        : status === 'canceled'
          ? 'Your plan was canceled.'
          : 'Your last payment failed. Update your card to pay the open invoice.';
    plan = `<h2>Current plan <span class="badge">${escapeHtml(status.replace('_', ' '))}</span></h2>
<p><strong>Assistly Monthly</strong> · ${price}</p><p class="muted">${ending}</p>
${card ? `<p>Payment method: ${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)}</p>` : ''}`;
    if (status !== 'canceled') {
      plan += subscription.cancel_at_period_end
        ? `<form method="post" action="${base}/renew"><button type="submit">Renew plan</button></form>`
        : `<form method="post" action="${base}/cancel"><button type="submit" class="secondary">Cancel plan</button></form>`;
      plan += `<h2>Update payment method</h2><form method="post" action="${base}/payment-method">${cardFields()}<button type="submit">Save card</button></form>`;
    }
  }
  return layout(
    'Billing - Assistly',
    `<p class="muted"><a href="${escapeHtml(portal.return_url)}">← Return to Assistly</a></p>
<h1>Assistly billing</h1>
${message ? `<div class="error" role="alert">${escapeHtml(message)}</div>` : ''}
${plan}
${testNote}`,
  );
}

/** The stand-in's own page: what it holds and every event with its deliveries. */
export function overviewPage(state: StandInState, webhookUrl: string): string {
  const rows = state.data.events
    .slice(-100)
    .reverse()
    .map(
      ({ event, attempts }) =>
        `<tr><td>${escapeHtml(event.id)}</td><td>${escapeHtml(event.type)}</td><td>${attempts.map((a) => a.status || 'unreachable').join(', ')}</td></tr>`,
    )
    .join('');
  return layout(
    'Local Stripe stand-in',
    `<h1>Local Stripe stand-in</h1><p class="muted">Webhooks go to ${escapeHtml(webhookUrl)}</p>
<p>${Object.keys(state.data.customers).length} customers, ${Object.keys(state.data.subscriptions).length} subscriptions.</p>
<table><thead><tr><th>Event</th><th>Type</th><th>Deliveries</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}
