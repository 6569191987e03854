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
</dl></section>`;
}

/**
 * The stand-in's home page: the test accounts with the credentials to paste into the Deployment
 * Center (as Meta's App Dashboard shows them), a way to make more, and what the product sent.
 */
export function accountsPage(accounts: readonly StandInAccount[], sent: readonly SentMessage[]): string {
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
button{padding:8px 12px;border:0;border-radius:6px;background:#1877f2;color:#fff;cursor:pointer}
</style></head><body><main>
<h1>Local Meta Graph API</h1>
<p class="muted">A stand-in for WhatsApp Cloud API, Messenger and Instagram Messaging. Paste an account's
credentials into the Deployment Center's Messaging Channels to connect it.</p>
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
