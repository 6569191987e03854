import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_CHARS } from '../../../functions/core/knowledge/faqs/answer-text.js';
import { extractFaqs } from '../../../functions/core/knowledge/faqs/extract-faqs.js';
import type { FaqSourcePage } from '../../../functions/core/knowledge/faqs/faq.js';
import { clinicPages, clinicText } from './clinic-site.js';

const page = (path: string, title: string, text: string): FaqSourcePage => ({ url: `https://shop.example${path}`, title, text });

describe('extractFaqs (no language model)', () => {
  const faqs = extractFaqs(clinicPages);
  const byQuestion = new Map(faqs.map((f) => [f.question, f.answer]));

  it("takes the site's own FAQ entries first, in every common markup, with their answers", () => {
    expect(faqs.slice(0, 5)).toEqual([
      {
        question: 'How often should I have a check-up?',
        answer: 'Most adults need a check-up every six months. Patients with gum disease may need one every three months.',
      },
      {
        question: 'What happens if I miss an appointment?',
        answer: 'Please give us 24 hours of notice. Missed appointments without notice are charged $40.',
      },
      {
        question: 'Do you accept insurance?',
        answer: 'Yes. We accept Delta Dental, HealthPartners and Blue Cross plans, and we file the claim for you.',
      },
      {
        question: 'Can I pay in instalments?',
        answer: 'Treatment over $500 can be paid in three monthly instalments without interest.',
      },
      {
        question: 'At what age should my child first see a dentist?',
        answer: 'By their first birthday, or six months after the first tooth appears.',
      },
    ]);
  });

  it("turns headings into a visitor's questions, answered by the section's first sentences", () => {
    expect(byQuestion.get('What are your opening hours?')).toBe(
      'We are open Monday to Thursday from 8 am to 6 pm and on Friday from 8 am to 1 pm. The practice is closed at weekends and on public holidays.',
    );
    expect(byQuestion.get('What should I know about teeth whitening?')).toMatch(/^Our in-office whitening takes one visit/);
    expect(byQuestion.get('How can I contact you?')).toBe('Lakeside Dental, 1402 East Superior Street, Duluth, MN 55805. Phone (218) 555-0199.');
    // The home page's opening text says what the business is; the site's name comes from its titles.
    expect(byQuestion.get('What is Lakeside Dental?')).toMatch(/^Lakeside Dental is a family dental practice/);
  });

  it('answers only with sentences the pages contain, trimmed to a readable length', () => {
    for (const { answer } of faqs) {
      expect(answer.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
      for (const sentence of answer.split(/(?<=[.!?])\s+/)) expect(clinicText).toContain(sentence.replace(/^A: /, ''));
    }
    const implants = faqs.find((f) => f.answer.startsWith('Implant step 1'))!;
    expect(implants.answer).toBe(
      'Implant step 1 of our process is explained to every patient in detail before treatment begins. Implant step 2 of our process is explained to every patient in detail before treatment begins.',
    );
  });

  it("answers from a table's rows, each value with its column name", () => {
    expect(byQuestion.get('What are your prices?')).toBe('Treatment: Check-up; Price: $85. Treatment: Whitening; Price: $350.');
  });

  it('leaves out navigation, footers and form labels', () => {
    const all = faqs.map((f) => `${f.question} ${f.answer}`).join('\n');
    expect(all).not.toMatch(/Treatment Price|Follow us|Instagram|Your message/);
  });

  it('asks each question once and never repeats an answer', () => {
    const pages = [
      page('/faq', 'FAQ | Shop', '### Do you ship abroad?\n\nYes, to every country in the EU.'),
      page('/shipping', 'Shipping | Shop', '### Do you ship abroad?\n\nYes, to every country in the EU.\n\n## Shipping abroad\n\nYes, to every country in the EU.'),
    ];
    expect(extractFaqs(pages)).toEqual([{ question: 'Do you ship abroad?', answer: 'Yes, to every country in the EU.' }]);
  });

  it('stops at 15, keeping the questions the site asks itself', () => {
    const questions = Array.from({ length: 20 }, (_, i) => `### Is item ${i + 1} in stock?\n\nItem ${i + 1} ships within ${i + 2} days.`);
    const pages = [page('/faq', 'FAQ | Shop', questions.join('\n\n')), page('/about', 'About | Shop', '## Our story\n\nWe opened our first shop in Leeds in 1998.')];
    const result = extractFaqs(pages);
    expect(result).toHaveLength(15);
    expect(result.every((f) => /^Is item \d+ in stock\?$/.test(f.question))).toBe(true);
  });

  it('gives fewer FAQs rather than inventing any when the site says little', () => {
    const pages = [page('/', 'Harbor Kayaks', '## Sunset tours\n\nOur sunset tour leaves the harbor at 7 pm and lasts two hours.')];
    expect(extractFaqs(pages)).toEqual([
      { question: 'What are your sunset tours?', answer: 'Our sunset tour leaves the harbor at 7 pm and lasts two hours.' },
    ]);
  });

  it('finds nothing in pages without readable text', () => {
    const pages = [page('/', 'Gallery', 'Photo 1\n\nPhoto 2\n\n## Menu\n\nHome\n\nAbout')];
    expect(extractFaqs(pages)).toEqual([]);
  });
});
