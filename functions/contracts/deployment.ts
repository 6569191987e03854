import * as z from 'zod';

/** Spec 001 /dashboard/deploy: the messaging channels Meta's Graph API serves. */
export const socialPlatforms = ['whatsapp', 'messenger', 'instagram'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

/** Spec 001 section 9: the training quality an assistant needs before a social channel connects. */
export const SOCIAL_CHANNEL_MIN_QUALITY = 80;

/** At most this many domains in the embed widget's allow-list. */
export const MAX_ALLOWED_DOMAINS = 50;

/** Words for people, used by the screens and in the server's messages. */
export const platformLabels: Record<SocialPlatform | 'website', string> = {
  website: 'Website',
  whatsapp: 'WhatsApp',
  messenger: 'Messenger',
  instagram: 'Instagram',
};

/** What Meta calls the account id each platform's channel needs. */
export const accountIdLabels: Record<SocialPlatform, string> = {
  whatsapp: 'Phone number ID',
  messenger: 'Page ID',
  instagram: 'Instagram account ID',
};

/**
 * A host name the widget may run on, from what an owner types: 'shop.example.com', 'https://www.example.com/contact'
 * or 'localhost:8080' all give the host (with a port if one is typed). Lower case, no path.
 */
export const allowedDomainSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a domain')
  .max(253)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a domain like example.com` });
      return z.NEVER;
    }
    const host = url.host.toLowerCase();
    if (!/^([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$/.test(host) || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a domain like example.com` });
      return z.NEVER;
    }
    return host;
  });

/** PUT /chatbots/{id}/website-channel: the website channel on or off, and where the widget may run. */
export const updateWebsiteChannelRequestSchema = z.object({
  enabled: z.boolean(),
  allowed_domains: z
    .array(allowedDomainSchema)
    .max(MAX_ALLOWED_DOMAINS, `At most ${MAX_ALLOWED_DOMAINS} domains`)
    .transform((domains) => [...new Set(domains)]),
});
export type UpdateWebsiteChannelRequest = z.input<typeof updateWebsiteChannelRequestSchema>;

/** A page origin the widget reported running on, and when it last did. */
export const seenOriginSchema = z.object({ origin: z.string(), last_seen_at: z.string() });
export type SeenOrigin = z.infer<typeof seenOriginSchema>;

export const websiteChannelSchema = z.object({
  enabled: z.boolean(),
  /** Empty: the widget runs anywhere. */
  allowed_domains: z.array(z.string()),
  /** Most recently seen first. */
  seen: z.array(seenOriginSchema),
});
export type WebsiteChannel = z.infer<typeof websiteChannelSchema>;

/** A connected social channel as the owner's browser sees it: never its access token nor app secret. */
export const connectedChannelSchema = z.object({
  platform: z.enum(socialPlatforms),
  account_id: z.string(),
  account_name: z.string(),
  connected_at: z.string(),
  /** Where Meta sends this channel's webhooks (the owner enters it in their Meta app). */
  webhook_url: z.string(),
  /** What the owner enters as the webhook's verify token; Meta sends it back in the handshake. */
  verify_token: z.string(),
});
export type ConnectedChannel = z.infer<typeof connectedChannelSchema>;

/** GET /chatbots/{id}/deployment: the Deployment Center of one assistant. */
export const deploymentResponseSchema = z.object({
  website: websiteChannelSchema,
  channels: z.array(connectedChannelSchema),
  training_quality: z.number().int(),
});
export type DeploymentResponse = z.infer<typeof deploymentResponseSchema>;

const metaId = z.string().trim().regex(/^\d{1,32}$/, 'must be the numeric id Meta shows');
const metaSecret = (what: string) =>
  z
    .string()
    .trim()
    .min(8, `${what} is too short`)
    .max(1024)
    .regex(/^[\x21-\x7e]+$/, `${what} must not contain spaces`);

/** The credentials Meta gives a business for one channel. */
export const channelCredentialsSchema = z.object({
  account_id: metaId,
  access_token: metaSecret('The access token'),
  app_secret: metaSecret('The app secret'),
});
export type ChannelCredentials = z.infer<typeof channelCredentialsSchema>;

/** PUT /chatbots/{id}/channels/{platform}: connect (or reconnect with new credentials). */
export const connectChannelRequestSchema = z.object({ credentials: channelCredentialsSchema });
export const connectChannelResponseSchema = z.object({ channel: connectedChannelSchema });

/**
 * POST /test-channel-connection (spec 001 section 7): body channelId, chatbotId, config; response success
 * and error. With `config` the given credentials are tried; without it, the connected channel's.
 */
export const testChannelConnectionRequestSchema = z.object({
  channelId: z.enum(socialPlatforms),
  chatbotId: z.string().min(1).max(100),
  config: channelCredentialsSchema.optional(),
});
export const testChannelConnectionResponseSchema = z.object({
  success: z.boolean(),
  /** Meta's own error text when the test failed. */
  error: z.string().nullable(),
  account_name: z.string().nullable(),
});
export type TestChannelConnectionResponse = z.infer<typeof testChannelConnectionResponseSchema>;

export const disconnectChannelResponseSchema = z.object({ disconnected: z.literal(true) });
export const websiteChannelResponseSchema = z.object({ website: websiteChannelSchema });
