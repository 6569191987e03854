import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaqWriterFailure, writeFaqsWithOpenAi } from '../../../functions/core/knowledge/faqs/write-faqs-with-openai.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai.js';
import { clinicPages } from './clinic-site.js';

describe('writeFaqsWithOpenAi (OpenAI client against a local fake of the API)', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    process.env.OPENAI_BASE_URL = fake.baseURL;
  });
  afterAll(async () => {
    delete process.env.OPENAI_BASE_URL;
    await fake?.stop();
  });

  const write = () =>
    writeFaqsWithOpenAi(clinicPages, {
      apiKey: 'sk-test',
      businessName: 'Lakeside Dental',
      websiteUrl: 'https://lakeside-dental.example/',
      timeoutMs: 5_000,
    });

  it("sends the pages' text with instructions to use only their facts, and asks for JSON", async () => {
    fake.reply = {
      text: JSON.stringify({
        faqs: [
          { question: 'When are you open?', answer: 'Monday to Thursday 8 am to 6 pm, Friday 8 am to 1 pm.' },
          { question: 'Do you take insurance?', answer: 'Yes, Delta Dental, HealthPartners and Blue Cross.' },
        ],
      }),
    };
    const faqs = await write();
    expect(faqs).toEqual([
      { question: 'When are you open?', answer: 'Monday to Thursday 8 am to 6 pm, Friday 8 am to 1 pm.' },
      { question: 'Do you take insurance?', answer: 'Yes, Delta Dental, HealthPartners and Blue Cross.' },
    ]);
    const request = fake.chatRequests.at(-1)!;
    expect(request.response_format).toEqual({ type: 'json_object' });
    const [system, user] = request.messages as { role: string; content: string }[];
    expect(system!.content).toContain("Lakeside Dental's customer chat assistant");
    expect(system!.content).toContain('Use only facts stated in the pages');
    expect(system!.content).toContain('between 8 and 15 questions');
    expect(user!.content).toContain('Most adults need a check-up every six months.');
    expect(user!.content).toContain('URL: https://lakeside-dental.example/faq');
  });

  it('keeps the valid items of a reply and drops malformed or repeated ones', async () => {
    fake.reply = {
      text: JSON.stringify({
        faqs: [
          { question: 'Is there parking?', answer: 'Yes, behind the building.' },
          { question: 'Is there parking?', answer: 'Yes, behind the building.' },
          { question: 'No answer?' },
          'not an object',
          { question: 'x'.repeat(300), answer: 'Too long a question.' },
        ],
      }),
    };
    expect(await write()).toEqual([{ question: 'Is there parking?', answer: 'Yes, behind the building.' }]);
  });

  it.each([
    ['a reply that is not JSON', { text: 'Here are your FAQs: ...' }],
    ['a reply without a list', { text: JSON.stringify({ questions: [] }) }],
    ['a reply with no usable FAQ', { text: JSON.stringify({ faqs: [] }) }],
    ['a provider error', { status: 500 }],
  ])('fails clearly on %s', async (_case, reply) => {
    fake.reply = reply;
    await expect(write()).rejects.toBeInstanceOf(FaqWriterFailure);
  });
});
