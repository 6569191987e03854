import { onboardingStepIds, type OnboardingProgress, type OnboardingStepId } from '../../contracts/onboarding.js';
import { db } from '../data/db.js';

const SOCIAL_CHANNELS = new Set(['whatsapp', 'instagram', 'messenger']);

const inOrder = (steps: Iterable<string>): OnboardingStepId[] => {
  const present = new Set(steps);
  return onboardingStepIds.filter((id) => present.has(id));
};

/** Whether any of the queries finds at least one item. */
async function anyFound(queries: Promise<{ data: unknown[] }>[]): Promise<boolean> {
  const results = await Promise.all(queries);
  return results.some((r) => r.data.length > 0);
}

/**
 * The steps the owner's data shows done: an assistant created (1); knowledge added, a reply rated or
 * corrected (3); an assistant talking to the public: the embed widget running on a page, a messaging
 * channel connected or a visitor chatting on its demo page (4). Testing (2) is recorded when the owner chats with their assistant
 * (recordOnboardingStep), since those conversations are not listed by owner.
 */
async function findDoneSteps(userId: string): Promise<OnboardingStepId[]> {
  const { data: chatbots } = await db().entities.chatbot.query.byUser({ user_id: userId }).go({ pages: 'all' });
  const done: OnboardingStepId[] = [];
  if (chatbots.length > 0) done.push('create');
  const ids = chatbots.map((c) => c.chatbot_id);
  const trained = await anyFound([
    db().entities.knowledgeEntry.query.byOwner({ user_id: userId }).go({ limit: 1 }),
    ...ids.map((id) => db().entities.trainingRecord.query.byChatbot({ chatbot_id: id }).go({ limit: 1 })),
    ...ids.map((id) => db().entities.correction.query.byChatbot({ chatbot_id: id }).go({ limit: 1 })),
  ]);
  if (trained) done.push('train');
  const onChannel = chatbots.some((c) => [...(c.deployment_channels ?? [])].some((channel) => SOCIAL_CHANNELS.has(channel)));
  const [sessions, live] = await Promise.all([
    Promise.all(ids.map((id) => db().entities.demoSession.query.byChatbot({ chatbot_id: id }).go({ pages: 'all' }))),
    // The embed widget reported a page it runs on, or a messaging channel is connected (Deployment Center).
    anyFound([
      ...ids.map((id) => db().entities.widgetOrigin.query.byChatbot({ chatbot_id: id }).go({ limit: 1 })),
      ...ids.map((id) => db().entities.channelConnection.query.byChatbot({ chatbot_id: id }).go({ limit: 1 })),
    ]),
  ]);
  const visitorChatted = sessions.some((s) => s.data.some((session) => (session.interactions ?? 0) > 0));
  if (onChannel || live || visitorChatted) done.push('deploy');
  return done;
}

/** Adds steps to the owner's marked or detected set (a set add: repeats change nothing). */
async function addSteps(userId: string, field: 'marked' | 'detected', steps: OnboardingStepId[], now = new Date()): Promise<void> {
  if (steps.length === 0) return;
  await db()
    .entities.onboardingProgress.update({ user_id: userId })
    .add({ [field]: steps })
    .set({ updated_at: now.toISOString() })
    .go();
}

/** Records a step the owner just did where it cannot be found later (testing their assistant, answering a customer). */
export const recordOnboardingStep = (userId: string, step: OnboardingStepId) => addSteps(userId, 'detected', [step]);

/** The owner's progress through the guide; steps newly found in their data are kept from now on. */
export async function getOnboardingProgress(userId: string): Promise<OnboardingProgress> {
  const [{ data: stored }, found] = await Promise.all([
    db().entities.onboardingProgress.get({ user_id: userId }).go(),
    findDoneSteps(userId),
  ]);
  const known = new Set(stored?.detected ?? []);
  const fresh = found.filter((step) => !known.has(step));
  await addSteps(userId, 'detected', fresh);
  const detected = inOrder([...known, ...fresh]);
  return { completed: inOrder([...(stored?.marked ?? []), ...detected]), detected };
}

/** 'Mark Complete' (spec 001: completion cannot be undone). */
export async function markOnboardingStep(userId: string, step: OnboardingStepId): Promise<OnboardingProgress> {
  await addSteps(userId, 'marked', [step]);
  return getOnboardingProgress(userId);
}
