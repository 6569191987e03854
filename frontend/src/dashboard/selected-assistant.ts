import type { Chatbot } from '@contracts/chatbot';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Spec 001 section 2: each dashboard sub-route works on the currently selected assistant. The choice is
 * shared by the dashboard screens and kept for the tab's session (sessionStorage, when available).
 */
const STORAGE_KEY = 'dashboard.selectedAssistantId';
const listeners = new Set<() => void>();
let memory: string | null = null;

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? memory;
  } catch {
    return memory;
  }
}

function store(id: string): void {
  memory = id;
  try {
    sessionStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage unavailable (private mode, quota): the in-memory copy still serves this page.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The selected assistant among `chatbots`: the stored choice while it is still in the list, else the
 * first one; null with no assistants (or before the list has loaded).
 */
export function useSelectedAssistant(chatbots: readonly Chatbot[] | undefined): {
  selected: Chatbot | null;
  select: (id: string) => void;
} {
  const storedId = useSyncExternalStore(subscribe, readStored, () => null);
  const selected = chatbots?.find((chatbot) => chatbot.id === storedId) ?? chatbots?.[0] ?? null;
  const select = useCallback((id: string) => store(id), []);
  return { selected, select };
}
