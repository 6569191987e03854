import type { GraphPlatform, SentMessage, StandInAccount } from './stand-in-state.js';

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const LABELS: Record<GraphPlatform, { title: string; id: string }> = {
  whatsapp: { title: 'WhatsApp', id: 'Phone number ID' },
  messenger: { title: 'Messenger', id: 'Page ID' },
  instagram: { title: 'Instagram', id: 'Instagram account ID' },
};

function accountCard(account: StandInAccount): string {
  const label = LABELS[account.platform];
  return `<section class="card" data-platform="${account.platform}" data-account-id="${escapeHtml(account.account_id)}">
<h2>${label.title} <span class="muted">${escapeHtml(account.name)} ${escapeHtml(account.handle)}</span></h2>
<dl>
<dt>${label.id}</dt><dd><code>${escapeHtml(account.account_id)}</code></dd>
<dt>Access token</dt><dd><code>${escapeHtml(account.access_token)}</code></dd>
<dt>App secret</dt><dd><code>${escapeHtml(account.app_secret)}</code></dd>
<dt>Webhook</dt><dd>${account.webhook ? `<code>${escapeHtml(account.webhook.callback_url)}</code> (verified)` : 'not subscribed'}</dd>
</dl>
<form method="post" action="/webhooks/${escapeHtml(account.account_id)}" class="webhook">
<input name="callback_url" placeholder="Callback URL (from the Deployment Center)" aria-label="Callback URL" required>
<input name="verify_token" placeholder="Verify token" aria-label="Verify token" required>
<button type="submit">Verify and save</button></form>
${account.webhook ? `<p><a href="/chat/${escapeHtml(account.account_id)}">Write to ${escapeHtml(account.name)} as a customer</a></p>` : ''}
</section>`;
}

/**
 * The stand-in's home page: the test accounts with the credentials to paste into the Deployment
 * Center (as Meta's App Dashboard shows them), a way to make more, and what the product sent.
 */
export function accountsPage(accounts: readonly StandInAccount[], sent: readonly SentMessage[], webhookResult?: string | null): string {
  const latest = [...sent].reverse().slice(0, 50);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local Meta Graph API</title>
<style>
body{font-family:system-ui,sans-serif;background:#f0f2f5;color:#1c1e21;margin:0;padding:24px 16px}
main{max-width:820px;margin:0 auto} h1{font-size:22px} h2{font-size:16px;margin:0 0 8px}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 4px #0002;padding:16px;margin:12px 0}
dl{display:grid;grid-template-columns:180px 1fr;gap:6px;margin:0} dt{color:#65676b} dd{margin:0;word-break:break-all}
code{font-size:12px} .muted{color:#65676b;font-weight:400} table{width:100%;border-collapse:collapse;font-size:14px}
td,th{text-align:left;padding:6px;border-bottom:1px solid #e4e6eb} form{display:flex;gap:8px;align-items:center}
form.webhook{margin-top:12px} form.webhook input{flex:1;padding:6px;border:1px solid #ccd0d5;border-radius:6px}
button{padding:8px 12px;border:0;border-radius:6px;background:#1877f2;color:#fff;cursor:pointer}
</style></head><body><main>
<h1>Local Meta Graph API</h1>
<p class="muted">A stand-in for WhatsApp Cloud API, Messenger and Instagram Messaging. Paste an account's
credentials into the Deployment Center's Messaging Channels to connect it, then enter the channel's callback URL
and verify token here (as in Meta's App Dashboard) and write to it as a customer.</p>
${webhookResult === 'verified' ? '<p role="status">Webhook verified and saved.</p>' : ''}
${webhookResult === 'failed' ? '<p role="alert">The callback URL did not answer the verification request with the challenge: check the URL and verify token.</p>' : ''}
<form method="post" action="/accounts"><label for="platform">New test account</label>
<select id="platform" name="platform"><option value="whatsapp">WhatsApp</option><option value="messenger">Messenger</option><option value="instagram">Instagram</option></select>
<button type="submit">Create</button></form>
${accounts.map(accountCard).join('\n') || '<p>No test accounts yet.</p>'}
<section class="card"><h2>Sent by the product</h2>
${
  latest.length
    ? `<table><thead><tr><th>When</th><th>Channel</th><th>To</th><th>Text</th></tr></thead><tbody>${latest
        .map((m) => `<tr><td>${escapeHtml(m.at)}</td><td>${LABELS[m.platform].title}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.text)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p class="muted">Nothing sent yet.</p>'
}
</section></main></body></html>`;
}

/**
 * Writing to a business as its customer: the stand-in delivers each message to the channel's webhook,
 * signed like Meta's, and shows the business's answers as they are sent.
 */
export function customerPage(account: StandInAccount): string {
  const label = LABELS[account.platform].title;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${label}: ${escapeHtml(account.name)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#efeae2;margin:0;padding:16px} main{max-width:520px;margin:0 auto}
h1{font-size:18px} #log{background:#fff;border-radius:10px;min-height:300px;padding:12px;display:flex;flex-direction:column;gap:8px}
.customer{align-self:flex-end;background:#d9fdd3} .business{align-self:flex-start;background:#f0f2f5}
.bubble{padding:8px 10px;border-radius:8px;max-width:80%;white-space:pre-wrap} .customer.read::after{content:' \\2713\\2713';color:#53bdeb}
form{display:flex;gap:8px;margin-top:10px} input{flex:1;padding:10px;border:1px solid #ccd0d5;border-radius:8px}
button{padding:10px 14px;border:0;border-radius:8px;background:#1877f2;color:#fff} .muted{color:#65676b;font-size:13px}
</style></head><body><main>
<h1>${label}: write to ${escapeHtml(account.name)} as a customer</h1>
<label class="muted">Your name <input id="name" value="Test Customer" aria-label="Your name"></label>
<div id="log" aria-live="polite" aria-label="Conversation"></div>
<p class="muted" id="typing" hidden>${escapeHtml(account.name)} is typing…</p>
<form id="send"><input id="text" aria-label="Message" placeholder="Type a message" autocomplete="off"><button type="submit">Send</button></form>
<p class="muted" id="status"></p>
<script type="module">
const account = ${JSON.stringify(account.account_id)};
const key = 'stand-in-customer-' + account;
let customer = localStorage.getItem(key) || '';
const log = document.getElementById('log');
// A customer message the business marked read or seen gets the blue ticks; typing shows below.
const render = (items, typing) => {
  log.replaceChildren(...items.map((m) => Object.assign(document.createElement('div'), { className: 'bubble ' + m.from + (m.read ? ' read' : ''), textContent: m.text, title: m.read ? 'Seen' : '' })));
  document.getElementById('typing').hidden = !typing;
};
const refresh = async () => {
  if (!customer) return;
  const res = await fetch('/_stand-in/accounts/' + account + '/conversation?customer=' + encodeURIComponent(customer));
  if (res.ok) {
    const body = await res.json();
    render(body.data, body.typing);
  }
};
document.getElementById('send').addEventListener('submit', async (event) => {
  event.preventDefault();
  const input = document.getElementById('text');
  const text = input.value.trim();
  if (!text) return;
  input.value = '';
  const res = await fetch('/_stand-in/accounts/' + account + '/inbound', {
    method: 'POST',
    body: JSON.stringify({ from: customer || undefined, name: document.getElementById('name').value, text }),
  });
  const body = await res.json();
  if (!res.ok) { document.getElementById('status').textContent = body.error?.message ?? 'Not delivered'; return; }
  customer = body.customer_id;
  localStorage.setItem(key, customer);
  document.getElementById('status').textContent = 'Delivered to the webhook (HTTP ' + body.webhook_status + ')';
  await refresh();
});
setInterval(refresh, 1000);
refresh();
</script></main></body></html>`;
}
