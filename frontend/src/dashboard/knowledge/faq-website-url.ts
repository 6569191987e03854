import { websiteUrlSchema } from '@contracts/chatbot';

export type FaqWebsiteUrlCheck = { url: string } | { title: string; description: string };

/**
 * The Website FAQs address check, with spec 000 section 5's texts: an empty field is a
 * 'Validation Error', any address the server would refuse (unparsable, not http(s), with a
 * password...) an 'Invalid URL' with the one spec description. A missing scheme means https.
 */
export function checkFaqWebsiteUrl(input: string): FaqWebsiteUrlCheck {
  const url = input.trim();
  if (!url) return { title: 'Validation Error', description: 'Please enter a website URL' };
  const parsed = websiteUrlSchema.safeParse(url);
  // Chromium's URL parser accepts spaces in a host name (percent-encoded) where Node's refuses them.
  if (!parsed.success || /\s/.test(url)) return { title: 'Invalid URL', description: 'Please enter a valid website URL' };
  return { url: parsed.data };
}
