import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export type GraphPlatform = 'whatsapp' | 'messenger' | 'instagram';

/**
 * A business account Meta would know: a WhatsApp phone number, a Facebook page or an Instagram
 * professional account, with the token and app secret Meta gives its business (what an owner pastes
 * into the Deployment Center).
 */
export interface StandInAccount {
  platform: GraphPlatform;
  account_id: string;
  /** verified_name (WhatsApp), page name (Messenger), display name (Instagram). */
  name: string;
  /** display_phone_number (WhatsApp) or username (Instagram). */
  handle: string;
  access_token: string;
  app_secret: string;
  /** Where Meta delivers this account's webhooks, once the handshake passed (the App Dashboard's Webhooks). */
  webhook?: { callback_url: string; verify_token: string };
}

/** Someone who wrote to a business account from the customer page: their id on the platform and name. */
export interface StandInCustomer {
  account_id: string;
  /** wa_id (a phone number), PSID or IGSID. */
  id: string;
  name: string;
}

/** A message a customer wrote, as delivered to the webhook, and what the webhook answered. */
export interface ReceivedMessage {
  id: string;
  account_id: string;
  from: string;
  text: string;
  at: string;
  webhook_status: number;
  /** When the business marked it read (WhatsApp `status: read`; Messenger and Instagram `mark_seen` mark all before it). */
  read_at?: string;
}

/** A call of the send endpoint that sends no message: a read receipt or a sender action. */
export interface SenderAction {
  account_id: string;
  /** The customer it concerns. */
  to: string;
  /** The request body exactly as received. */
  body: unknown;
  at: string;
  /** Order among the account's sends and actions (tests check the answer came after). */
  seq: number;
}

/** A message the product sent through the send endpoints, as it was sent. */
export interface SentMessage {
  id: string;
  platform: GraphPlatform;
  account_id: string;
  /** The customer it went to (wa_id, PSID or IGSID). */
  to: string;
  text: string;
  /** The request body exactly as received. */
  body: unknown;
  at: string;
  /** Order among the account's sends and actions. */
  seq?: number;
}

interface State {
  accounts: StandInAccount[];
  sent: SentMessage[];
  customers: StandInCustomer[];
  received: ReceivedMessage[];
  actions: SenderAction[];
}

/** Keeps this many sent messages (the page and tests read the latest). */
const SENT_KEPT = 500;

const digits = (count: number) => Array.from(randomBytes(count), (b) => String(b % 10)).join('');

const ACCOUNT_DEFAULTS: Record<GraphPlatform, { name: string; handle: () => string }> = {
  whatsapp: { name: 'Harbor Bakery', handle: () => `+44 7700 ${digits(6)}` },
  messenger: { name: 'Harbor Bakery', handle: () => '' },
  instagram: { name: 'Harbor Bakery', handle: () => `harbor_bakery_${digits(3)}` },
};

/** The stand-in's accounts and sent messages, in a JSON file between `npm run dev` runs (in memory without one). */
export class GraphStandInState {
  readonly data: State;

  constructor(private readonly file?: string) {
    const saved = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as State) : undefined;
    this.data = { accounts: [], sent: [], customers: [], received: [], actions: [], ...saved };
  }

  save(): void {
    for (const list of [this.data.sent, this.data.received, this.data.actions]) if (list.length > SENT_KEPT) list.splice(0, list.length - SENT_KEPT);
    if (this.file) writeFileSync(this.file, JSON.stringify(this.data, null, 2));
  }

  /** The next number of the order sends and actions arrived in. */
  nextSeq(): number {
    return Math.max(0, ...this.data.sent.map((m) => m.seq ?? 0), ...this.data.actions.map((a) => a.seq)) + 1;
  }

  /** A new account with fresh credentials, shaped like Meta's (numeric ids, EAA... tokens, 32-hex app secrets). */
  createAccount(platform: GraphPlatform, name?: string): StandInAccount {
    const account: StandInAccount = {
      platform,
      account_id: `1${digits(14)}`,
      name: name?.trim() || ACCOUNT_DEFAULTS[platform].name,
      handle: ACCOUNT_DEFAULTS[platform].handle(),
      access_token: `EAA${randomBytes(60).toString('base64url').replace(/[-_]/g, 'Z')}`,
      app_secret: randomBytes(16).toString('hex'),
    };
    this.data.accounts.push(account);
    this.save();
    return account;
  }

  /** One account per platform for `npm run dev`, so a channel can be connected right away. */
  ensureOnePerPlatform(): void {
    for (const platform of ['whatsapp', 'messenger', 'instagram'] as const) {
      if (!this.data.accounts.some((a) => a.platform === platform)) this.createAccount(platform);
    }
  }

  byToken(token: string): StandInAccount | undefined {
    return this.data.accounts.find((a) => a.access_token === token);
  }

  byId(accountId: string): StandInAccount | undefined {
    return this.data.accounts.find((a) => a.account_id === accountId);
  }

  /** The customer with this id on the account, made (or renamed) as they write. */
  customer(accountId: string, id: string, name: string): StandInCustomer {
    let customer = this.data.customers.find((c) => c.account_id === accountId && c.id === id);
    if (!customer) this.data.customers.push((customer = { account_id: accountId, id, name }));
    customer.name = name;
    return customer;
  }

  /** A new customer id of the platform's kind: a phone number on WhatsApp, a page- or account-scoped id otherwise. */
  newCustomerId(platform: GraphPlatform): string {
    return platform === 'whatsapp' ? `447${digits(9)}` : `2${digits(15)}`;
  }
}
