import { describe, expect, it } from 'vitest';
import { takeSentences } from '../../../functions/core/chat/answer-stream.js';
import { streamedText } from '../../../frontend/widget/answer-stream.js';

describe('takeSentences', () => {
  it('takes a sentence only once the text after its end has begun', () => {
    expect(takeSentences('We are open.')).toEqual({ sentences: [], rest: 'We are open.' });
    expect(takeSentences('We are open. Come')).toEqual({ sentences: ['We are open.'], rest: ' Come' });
    expect(takeSentences('Really?! Yes')).toEqual({ sentences: ['Really?!'], rest: ' Yes' });
  });

  it('keeps a price, a decimal or an address in its sentence', () => {
    // "$4." then "50" must never be checked as two figures.
    expect(takeSentences('A baguette is $4.').sentences).toEqual([]);
    expect(takeSentences('A baguette is $4.50 on weekends. See').sentences).toEqual(['A baguette is $4.50 on weekends.']);
    expect(takeSentences('See [Menu](http://example.com/p0.html). Then').sentences).toEqual(['See [Menu](http://example.com/p0.html).']);
  });

  it('ends a line at its break, the whitespace going with the next sentence', () => {
    expect(takeSentences('Breads:\n- Rye\n- Sourdough')).toEqual({ sentences: ['Breads:\n', '- Rye\n'], rest: '- Sourdough' });
    expect(takeSentences('One. Two. Thr')).toEqual({ sentences: ['One.', ' Two.'], rest: ' Thr' });
  });
});

describe('streamedText (the pages that show a streamed answer)', () => {
  const piece = (seq: number, text: string, id = 'message-1') => ({ type: 'stream' as const, client_message_id: id, seq, text });

  it('joins the pieces in seq order up to the first missing one, and ignores other messages', () => {
    const textOf = streamedText('message-1');
    expect(textOf(piece(0, 'One.'))).toBe('One.');
    expect(textOf(piece(2, ' Three.'))).toBe('One.');
    expect(textOf(piece(1, ' Two.'))).toBe('One. Two. Three.');
    expect(textOf(piece(0, 'Other.', 'message-2'))).toBeUndefined();
  });

  it('starts again at a new seq 0 (a retry of the same message)', () => {
    const textOf = streamedText('message-1');
    textOf(piece(0, 'One.'));
    textOf(piece(1, ' Two.'));
    expect(textOf(piece(0, 'Again.'))).toBe('Again.');
  });
});
