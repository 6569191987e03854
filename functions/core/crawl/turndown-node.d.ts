// Turndown's browser build has no DOM parser dependency; it converts DOM nodes given to it (linkedom's
// here) and only needs a parser for strings, which this project never passes. Same API as 'turndown'.
declare module 'turndown/lib/turndown.browser.cjs.js' {
  import TurndownService from 'turndown';
  export default TurndownService;
}
