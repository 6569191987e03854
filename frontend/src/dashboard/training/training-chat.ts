/** One line of the Interactive tab's live chat (kept by the studio, so switching tabs keeps it). */
export interface TrainingMessage {
  id: string;
  role: 'user' | 'assistant';
  /** What is shown: the reply, or the owner's correction of it. */
  content: string;
  timestamp: Date;
  /** A real reply of the assistant (not the fallback line shown after a failure): it can be rated and corrected. */
  trainable: boolean;
  /** For a reply: the question it answers. */
  question?: string;
  /** For a reply: the assistant's own words, which a rating and a correction refer to. */
  reply?: string;
  /** Set once rated: the stored training record and its score. */
  recordId?: string;
  score?: number;
  corrected?: boolean;
  /** The reply asks to confirm a handoff: Yes / No until answered (or until the next message). */
  confirmHandoff?: boolean;
}

/** Spec 000 section 7: the studio talks to the engine as the owner, in one ongoing session. */
export const TRAINING_CONTACT = { session: 'training', contactName: 'Training User' } as const;

/** Spec 000 section 8: shown as the assistant's line when no reply could be generated. */
export const FALLBACK_REPLY = "I'm sorry, I couldn't generate a response right now. Please try again.";

let counter = 0;
export const newMessageId = () => `training-${Date.now()}-${++counter}`;
