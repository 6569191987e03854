import { TYPING_EVERY_MS, TYPING_SHOWN_MS, type PersonShown } from '../../functions/contracts/takeover.js';
import type { VisitorEvent } from './visitor-socket.js';

/** The parts of the widget that show who answers (issue 28: a person visibly takes over). */
export interface TakeoverParts {
  /** The header's name: the person answering, else the assistant. */
  name: HTMLElement;
  /** The "Maria is typing..." line. */
  typing: HTMLElement;
  agent: string;
  /** Shows (and keeps) a notice line: "Maria from Harbor Cafe joined the conversation", with her picture or initials. */
  notice(text: string, person?: PersonShown): void;
}

/**
 * Who answers the visitor, as the widget shows it: the header names the person who joined (until the
 * assistant answers again), their typing shows for a few seconds after each signal, and the visitor's
 * own typing is signalled at most every few seconds, and only while a person answers or is awaited.
 */
export function takeoverView(parts: TakeoverParts) {
  let person: string | undefined;
  /** A person answers or is awaited: what the visitor types is worth telling the inbox. */
  let withTeam = false;
  let hideTyping: ReturnType<typeof setTimeout> | undefined;
  let lastTyped = 0;

  const stopTyping = () => {
    clearTimeout(hideTyping);
    parts.typing.hidden = true;
  };
  const answeredBy = (name: string | undefined) => {
    person = name;
    withTeam = name !== undefined;
    parts.name.textContent = name ?? parts.agent;
  };

  return {
    answeredBy,
    stopTyping,
    /** The visitor's message went to the team (acknowledged, or a transfer was asked for). */
    waitForTeam: () => void (withTeam = true),
    /** A reply of a person arrived: their name goes on it and in the header. */
    replyFrom(name: string | undefined) {
      stopTyping();
      if (name && name !== person) answeredBy(name);
    },
    on(event: VisitorEvent) {
      if (event.type === 'person_typing') {
        parts.typing.textContent = `${event.person.name} is typing...`;
        parts.typing.hidden = false;
        clearTimeout(hideTyping);
        hideTyping = setTimeout(stopTyping, TYPING_SHOWN_MS);
        return;
      }
      stopTyping();
      const joined = event.type === 'person_joined' ? event.person : undefined;
      answeredBy(joined?.name);
      parts.notice(event.content, joined);
    },
    /** A message ends the visitor's typing in the inbox: their next keystroke is a new burst, told at once. */
    messageSent: () => void (lastTyped = 0),
    /** The visitor typed: `signal` tells the inbox, at most every TYPING_EVERY_MS. */
    typed(signal: () => void) {
      const now = Date.now();
      if (!withTeam || now - lastTyped < TYPING_EVERY_MS) return;
      lastTyped = now;
      signal();
    },
  };
}
