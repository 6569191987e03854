import { describe, expect, it } from 'vitest';
import {
  isSameSite,
  nonPageExtension,
  normaliseUrl,
  pageKey,
  siteHost,
  siteOf,
} from '../../../functions/core/crawl/crawl-url.js';

const href = (raw: string, base?: string) => normaliseUrl(raw, base)?.href;

describe('crawl URLs', () => {
  it('resolves relative links, drops fragments and tracking parameters, sorts the query', () => {
    expect(href('/about#team', 'https://bakery.example/menu')).toBe('https://bakery.example/about');
    expect(href('contact', 'https://bakery.example/services/')).toBe('https://bakery.example/services/contact');
    expect(href('?b=2&a=1&utm_source=news&fbclid=x', 'https://bakery.example/menu')).toBe(
      'https://bakery.example/menu?a=1&b=2',
    );
    expect(href('/menu?utm_campaign=spring', 'https://bakery.example/')).toBe('https://bakery.example/menu');
    expect(href('HTTPS://Bakery.Example:443/Path')).toBe('https://bakery.example/Path');
  });

  it('keeps only http and https links', () => {
    for (const raw of ['mailto:hello@bakery.example', 'tel:+12075550143', 'javascript:void(0)', 'ftp://x/y', 'data:text/html,hi']) {
      expect(normaliseUrl(raw, 'https://bakery.example/')).toBeUndefined();
    }
    expect(normaliseUrl('http://[not an address')).toBeUndefined();
  });

  it('treats trailing slashes, www, scheme and query order as the same page', () => {
    const key = (raw: string) => pageKey(normaliseUrl(raw) as URL);
    expect(key('https://bakery.example/about/')).toBe(key('https://bakery.example/about'));
    expect(key('http://www.bakery.example/about')).toBe(key('https://bakery.example/about'));
    expect(key('https://bakery.example/menu?b=1&a=2')).toBe(key('https://bakery.example/menu?a=2&b=1'));
    expect(key('https://bakery.example/')).toBe(key('https://bakery.example'));
    expect(key('https://bakery.example/about')).not.toBe(key('https://bakery.example/about?page=2'));
    expect(key('https://bakery.example/About')).not.toBe(key('https://bakery.example/about'));
    expect(key('http://127.0.0.1:8080/a')).not.toBe(key('http://127.0.0.1:9090/a'));
  });

  it('treats www and the apex as one site, and other hosts as other sites', () => {
    expect(siteHost('WWW.Bakery.Example')).toBe('bakery.example');
    const site = new Set([siteHost('bakery.example')]);
    expect(isSameSite(new URL('https://www.bakery.example/x'), site)).toBe(true);
    expect(isSameSite(new URL('http://bakery.example/x'), site)).toBe(true);
    expect(isSameSite(new URL('https://shop.bakery.example/x'), site)).toBe(false);
    expect(isSameSite(new URL('https://bakery.example.evil.test/x'), site)).toBe(false);
    expect(isSameSite(new URL('https://instagram.com/bakery'), site)).toBe(false);
  });

  it('treats another port on the same host as another site', () => {
    const local = new Set([siteOf(new URL('http://127.0.0.1:4321/'))]);
    expect(isSameSite(new URL('http://127.0.0.1:4321/about'), local)).toBe(true);
    expect(isSameSite(new URL('http://127.0.0.1:6379/'), local)).toBe(false);
    expect(isSameSite(new URL('http://127.0.0.1/'), local)).toBe(false);
    expect(siteOf(new URL('https://www.bakery.example:443/'))).toBe('bakery.example');
  });

  it('recognises obvious files that are not pages by extension', () => {
    expect(nonPageExtension(new URL('https://b.example/files/menu.PDF'))).toBe('pdf');
    expect(nonPageExtension(new URL('https://b.example/img/shop.jpg?w=300'))).toBe('jpg');
    expect(nonPageExtension(new URL('https://b.example/assets/site.css'))).toBe('css');
    expect(nonPageExtension(new URL('https://b.example/about'))).toBeUndefined();
    expect(nonPageExtension(new URL('https://b.example/index.html'))).toBeUndefined();
    expect(nonPageExtension(new URL('https://b.example/page.php'))).toBeUndefined();
    expect(nonPageExtension(new URL('https://b.example/blog/v1.2'))).toBeUndefined();
  });
});
