import type { OnboardingStepId } from '@contracts/onboarding';

export type Difficulty = 'Easy' | 'Medium' | 'Advanced';

export interface OnboardingStep {
  id: OnboardingStepId;
  title: string;
  description: string;
  tasks: readonly string[];
  time: string;
  difficulty: Difficulty;
  /** The action button (spec 001 /onboarding table); step 6 has none. */
  action?: { label: string; to: string };
}

/** Spec 001 /onboarding: six steps with these titles, times, difficulties and actions (tasks are ours). */
export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  {
    id: 'create',
    title: 'Create Your First AI Agent',
    description: 'Give us your website address and we read it to build an assistant that knows your business.',
    tasks: ['Enter your website URL', 'Choose an agent name and personality', 'Pick colours and an avatar', 'Wait for the site to be read'],
    time: '5-10 minutes',
    difficulty: 'Easy',
    action: { label: 'Create Chatbot', to: '/create-chatbot' },
  },
  {
    id: 'test',
    title: 'Test Your AI Agent',
    description: 'Ask the questions your customers ask and check every answer before anyone else sees it.',
    tasks: ['Ask about prices, opening hours and services', 'Try a question your website does not answer', 'Edit any reply that is not right'],
    time: '15-20 minutes',
    difficulty: 'Easy',
    action: { label: 'Test Chatbot', to: '/chatbot-preview' },
  },
  {
    id: 'train',
    title: 'Train & Improve Your Agent',
    description: 'Add what your website leaves out and rate replies so the assistant learns what good looks like.',
    tasks: ['Add knowledge entries or upload documents', 'Rate replies in the Training studio', 'Write better responses for low scores', 'Reach 80% training quality'],
    time: '30-45 minutes',
    difficulty: 'Medium',
    action: { label: 'Open Dashboard', to: '/dashboard' },
  },
  {
    id: 'deploy',
    title: 'Deploy Across Channels',
    description: 'Put your assistant where your customers are: website embed, WhatsApp Business, Messenger and Instagram DMs.',
    tasks: ['Copy the embed code to your website', 'Connect WhatsApp Business', 'Connect Messenger and Instagram DMs', 'Share your demo link'],
    time: '20-30 minutes',
    difficulty: 'Medium',
    action: { label: 'View Deployment Options', to: '/dashboard' },
  },
  {
    id: 'monitor',
    title: 'Monitor & Manage Performance',
    description: 'Read real conversations, step in when a customer needs a person and watch the numbers improve.',
    tasks: ['Read new conversations daily', 'Reply where the assistant could not help', 'Review analytics weekly'],
    time: 'Ongoing',
    difficulty: 'Advanced',
    action: { label: 'View Conversations', to: '/conversations' },
  },
  {
    id: 'scale',
    title: 'Scale & Optimize',
    description: 'Automate follow-ups, bring your team in and add assistants for other brands or locations.',
    tasks: ['Create workflows for common requests', 'Invite your team', 'Add assistants for more sites'],
    time: 'Ongoing',
    difficulty: 'Advanced',
  },
];

export const PRO_TIPS: readonly string[] = [
  'Answer the ten questions customers ask most in knowledge entries: they outrank your website.',
  'Rate at least twenty replies in the Training studio before you go live.',
  'Keep the fallback message friendly and tell visitors how to reach a person.',
  'Check new conversations every day in the first week: they show what your website is missing.',
];
