import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { figuresSummary, periodSummary } from '../../../functions/core/analytics/period-summary.js';
import { sampleAnalytics } from '../../../frontend/src/dashboard/analytics/sample-analytics.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai.js';

describe('the period summary without a model key', () => {
  afterEach(() => vi.unstubAllEnvs());
  const figures = { ...sampleAnalytics('c1', 'Bakery', '30d') };

  it('tells the figures in sentences, naming the most asked question and the unanswered one', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const { summary, summaryBy } = await periodSummary(figures);
    expect(summaryBy).toBe('figures');
    expect(summary).toBe(figuresSummary(figures));
    expect(summary).toContain(`In the last 30 days, ${figures.activeUsers} visitors started ${figures.totalConversations} conversations`);
    expect(summary).toContain(`${figures.resolutionRate}% of conversations were resolved by the assistant; ${figures.escalationRate}% were handed to a person.`);
    expect(summary).toContain('The most asked question was “What are your opening hours?” (31 times).');
    expect(summary).toContain(`${figures.fallbackAnswers} questions got the fallback answer, most often “Do you have parking?”.`);
  });

  it('says so when nobody talked to the assistant', () => {
    const quiet = { ...figures, totalConversations: 0, demo: { views: 1, interactions: 0 } };
    expect(figuresSummary(quiet)).toBe('No visitor conversations in the last 30 days. Your demo page was viewed 1 time.');
  });
});

describe('the period summary with a model key (local fake of the OpenAI API)', () => {
  let fake: FakeOpenAi;
  const figures = { ...sampleAnalytics('c1', 'Bakery', '7d') };
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake?.stop();
  });
  afterEach(() => vi.unstubAllEnvs());

  it("is the model's text, and the figures' when the model fails", async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-test');
    vi.stubEnv('OPENAI_BASE_URL', fake.baseURL);
    fake.reply = { text: 'A good week: most questions were answered. Add your parking details.' };
    expect(await periodSummary(figures)).toEqual({ summary: 'A good week: most questions were answered. Add your parking details.', summaryBy: 'model' });
    // The model is given the period's figures and question lists.
    const asked = JSON.stringify(fake.chatRequests.at(-1));
    expect(asked).toContain('totalConversations');
    expect(asked).toContain('Do you have parking?');
    fake.reply = { status: 500 };
    expect(await periodSummary(figures)).toEqual({ summary: figuresSummary(figures), summaryBy: 'figures' });
  });
});
