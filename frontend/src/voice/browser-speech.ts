/**
 * The embedded default without provider keys (ARCHITECTURE section 6): the browser's own speech
 * synthesis speaks answers and, where the browser has it, its speech recognition listens.
 */

/** The part of the Web Speech API's SpeechRecognition we use (TypeScript's DOM library lacks it). */
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onstart: (() => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export interface SpeechSupport {
  /** The browser can speak text (speechSynthesis). */
  synthesis: boolean;
  /** The browser can turn the microphone into text (SpeechRecognition). */
  recognition: boolean;
}

export function speechSupport(): SpeechSupport {
  return {
    synthesis: typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined',
    recognition: recognitionConstructor() !== undefined,
  };
}

/** A browser without voices (headless, some Linux builds) never starts nor ends an utterance. */
const START_WITHIN_MS = 3000;

/** Speaks `text`; resolves when it ends or is stopped, rejects when the browser fails to speak it. */
export function speak(text: string, rate = 1): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!speechSupport().synthesis) return reject(new Error('This browser cannot speak'));
    window.speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.rate = rate;
    const notStarted = window.setTimeout(() => {
      window.speechSynthesis.cancel();
      reject(new Error('The browser did not start speaking (it may have no voices installed)'));
    }, START_WITHIN_MS);
    utterance.onstart = () => window.clearTimeout(notStarted);
    utterance.onend = () => {
      window.clearTimeout(notStarted);
      resolve();
    };
    utterance.onerror = (event) => {
      window.clearTimeout(notStarted);
      if (event.error === 'interrupted' || event.error === 'canceled') resolve();
      else reject(new Error(event.error));
    };
    window.speechSynthesis.speak(utterance);
  });
}

export const pauseSpeaking = () => window.speechSynthesis?.pause();
export const resumeSpeaking = () => window.speechSynthesis?.resume();
export const stopSpeaking = () => window.speechSynthesis?.cancel();

/** Spec 000 response_speed as the browser voice's rate. */
export const RATE_OF_SPEED = { fast: 1.2, balanced: 1, quality: 0.9 } as const;

export interface Listener {
  stop(): void;
}

/**
 * Listens for one utterance: `onPartial` with the words so far (the live transcript), `onFinal` with
 * what was said, `onEnd` when listening stops for any reason, `onError` with a sentence to show.
 */
export function listenOnce(handlers: {
  onStart(): void;
  onPartial(text: string): void;
  onFinal(text: string): void;
  onEnd(): void;
  onError(message: string): void;
}): Listener {
  const Constructor = recognitionConstructor();
  if (!Constructor) {
    handlers.onError('This browser cannot recognise speech');
    handlers.onEnd();
    return { stop: () => undefined };
  }
  const recognition = new Constructor();
  recognition.lang = navigator.language || 'en-US';
  recognition.continuous = false;
  recognition.interimResults = true;
  recognition.onstart = handlers.onStart;
  recognition.onend = handlers.onEnd;
  recognition.onerror = (event) => {
    // Silence and our own stop are not failures: listening just ends.
    if (event.error === 'no-speech' || event.error === 'aborted') return;
    handlers.onError(RECOGNITION_ERRORS[event.error] ?? `Speech recognition failed (${event.error})`);
  };
  recognition.onresult = (event) => {
    let text = '';
    let final = false;
    for (let i = 0; i < event.results.length; i++) {
      const result = event.results[i]!;
      text += result[0]?.transcript ?? '';
      final ||= result.isFinal;
    }
    if (final) handlers.onFinal(text.trim());
    else handlers.onPartial(text);
  };
  recognition.start();
  return { stop: () => recognition.abort() };
}

const RECOGNITION_ERRORS: Record<string, string> = {
  'not-allowed': 'Microphone permission was denied. Allow the microphone for this site, or type your message.',
  'service-not-allowed': "This browser's speech recognition service is not available here. Type your message instead.",
  network: "This browser's speech recognition service could not be reached. Type your message instead.",
  'audio-capture': 'No microphone was found. Connect one, or type your message.',
};
