/** The package ships no types: its named exports are the stop word lists of each language (ISO 639-3). */
declare module 'stopword' {
  const lists: Record<string, string[]>;
  export = lists;
}
