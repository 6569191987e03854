import { describe, expect, it } from 'vitest';
import { channelText, speechText } from '../../../functions/core/chat/surface-text.js';

const offlineAnswer = 'We roast **our own beans** every Monday.\n\nMore details: [Espresso](http://harbor.example/menu/espresso_(hot))';
const modelAnswer = '## Opening hours\n* Monday: closed\n* Tuesday to Sunday: 8 am to 6 pm\n\nBook a table at https://book.example/harbor or see [our menu](https://harbor.example/menu). Call `555 0100`.';
/** Anything a messaging app would show as markdown: link syntax, strong marks, headings, list stars, code. */
const MARKDOWN = /\]\(|\*\*|__|^#|^\s*\* |`/m;

describe('text for messaging apps', () => {
  it.each(['whatsapp', 'messenger', 'instagram'] as const)('%s: no markdown, each link as Title: URL', (platform) => {
    for (const answer of [offlineAnswer, modelAnswer]) expect(channelText(answer, platform)).not.toMatch(MARKDOWN);
    expect(channelText(offlineAnswer, platform)).toContain('More details:\nEspresso: http://harbor.example/menu/espresso_(hot)');
    expect(channelText(modelAnswer, platform)).toContain('see our menu: https://harbor.example/menu.');
    expect(channelText(modelAnswer, platform)).toContain('- Monday: closed\n- Tuesday to Sunday: 8 am to 6 pm');
  });

  it("bolds strong text and headings WhatsApp's way there, and leaves them plain elsewhere", () => {
    expect(channelText(offlineAnswer, 'whatsapp')).toMatch(/^We roast \*our own beans\* every Monday\./);
    expect(channelText(modelAnswer, 'whatsapp')).toMatch(/^\*Opening hours\*\n/);
    expect(channelText(offlineAnswer, 'messenger')).toMatch(/^We roast our own beans every Monday\./);
    expect(channelText(modelAnswer, 'instagram')).toMatch(/^Opening hours\n/);
  });

  it('leaves plain text as it is', () => {
    expect(channelText('We are open Tuesday to Sunday, 8 am - 6 pm.', 'whatsapp')).toBe('We are open Tuesday to Sunday, 8 am - 6 pm.');
  });
});

describe('text for speech', () => {
  it('never reads an address or markdown: a link says its title', () => {
    const spoken = [speechText(offlineAnswer), speechText(modelAnswer)];
    for (const text of spoken) {
      expect(text).not.toMatch(/https?:|www\.|\.example|[*#`[\]]/);
    }
    expect(spoken[0]).toBe('We roast our own beans every Monday.\n\nMore details: Espresso');
    expect(spoken[1]).toContain('Book a table at the link or see our menu. Call 555 0100.');
  });
});
