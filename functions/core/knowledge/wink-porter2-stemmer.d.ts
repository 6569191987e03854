declare module 'wink-porter2-stemmer' {
  /** Porter2 (English) stem of a lower-case word. */
  export default function stem(word: string): string;
}
