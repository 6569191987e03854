import { describe, expect, it } from 'vitest';
import { checkFaqWebsiteUrl } from '../../../frontend/src/dashboard/knowledge/faq-website-url.js';

describe('the Website FAQs address check', () => {
  it('asks for an address when none is typed', () => {
    expect(checkFaqWebsiteUrl('   ')).toEqual({ title: 'Validation Error', description: 'Please enter a website URL' });
  });

  it('shows the one spec text under Invalid URL for every refused address', () => {
    for (const address of ['not a url', 'ftp://bakery.example/menu', 'mailto:hello@bakery.example', 'https://user:secret@bakery.example', 'http://']) {
      expect(checkFaqWebsiteUrl(address), address).toEqual({ title: 'Invalid URL', description: 'Please enter a valid website URL' });
    }
  });

  it('accepts an address as the server reads it, https when no scheme is typed', () => {
    expect(checkFaqWebsiteUrl(' maple-rye.example/about ')).toEqual({ url: 'https://maple-rye.example/about' });
    expect(checkFaqWebsiteUrl('http://maple-rye.example')).toEqual({ url: 'http://maple-rye.example/' });
  });
});
