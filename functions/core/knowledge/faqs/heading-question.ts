/**
 * Turns a section heading into the question a visitor would ask to get that section's text
 * ("Opening hours" -> "What are your opening hours?"). Only the heading's own words are used, so the
 * question never claims more than the page says. Undefined for headings that are not about the
 * business (navigation, comments, sharing) or too long to be a topic.
 */

const MAX_HEADING_WORDS = 10;

const boilerplate =
  /^(?:(?:table of )?contents|menu|navigation|main menu|search|share(?: this.*)?|comments?|leave a (?:reply|comment)|(?:related|recent|popular|latest|more) (?:posts|articles|stories|news)|categories|tags|archives?|subscribe.*|newsletter|sign up.*|follow us.*|skip to .*|cookies?.*|privacy settings|read more|you (?:may|might) also like.*|footer|sidebar|home|welcome|faqs?|frequently asked questions|questions(?: and answers)?|q ?& ?a)$/i;

const questionWords = /^(what|how|why|when|where|who|which)\s+(.+)$/i;
const auxiliaries = new Set(['are', 'were', 'have', 'had', 'can', 'could', 'will', 'would', 'do', 'did', 'should', 'may']);
/** Imperatives a visitor turns into "How can I ...?"; those that name the business alone get "you". */
const imperativesToUs = new Set(['contact', 'call', 'email', 'reach', 'visit', 'find', 'follow', 'meet']);
const imperatives = new Set([...imperativesToUs, 'order', 'book', 'join', 'shop', 'buy', 'apply', 'subscribe', 'get', 'try', 'reserve', 'hire']);
const notPlural = /(?:ss|us|is|news|ics|series|species)$/i;
/** A person's name and role ("Clara Whitfield, head baker"): the visitor asks who they are. */
const personHeading = /^(\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,3}),\s+\S.*$/u;

/** The business's own words ("we", "our", "us") from the visitor's side ("you", "your"). */
function visitorSide(text: string): string {
  return text
    .replace(/\bwe're\b/gi, "you're")
    .replace(/\bwe've\b/gi, "you've")
    .replace(/\bourselves\b/gi, 'yourselves')
    .replace(/\bours\b/gi, 'yours')
    .replace(/\bour\b/gi, 'your')
    .replace(/\bwe\b/gi, 'you')
    .replace(/\bus\b/gi, 'you');
}

/** Lower-cases the first word unless the next one is capitalised too (a name such as "Harbor Street"). */
function inSentence(text: string): string {
  const [first = '', second] = text.split(/\s+/);
  if (/^\p{Lu}{2,}/u.test(first)) return text; // an acronym
  if (second && /^[\p{Lu}&]/u.test(second)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The phrase's head noun is its last word before "of", "for", "by"... ("terms of service" -> "terms"). */
function isPlural(phrase: string): boolean {
  const head = phrase.split(/\s+(?:of|for|by|from|with|in|at|on|to)\s+/i)[0]!.trim().split(/\s+/).pop() ?? '';
  return /s$/i.test(head) && !notPlural.test(head) && head.length > 3;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function headingQuestion(rawHeading: string, options: { siteName?: string } = {}): string | undefined {
  const heading = rawHeading
    .replace(/\s+/g, ' ')
    .replace(/[\s:.;,!–—-]+$/, '')
    .trim();
  if (!heading || boilerplate.test(heading)) return undefined;
  const words = heading.split(' ');
  if (words.length > MAX_HEADING_WORDS || !/\p{L}{2,}/u.test(heading)) return undefined;
  if (heading.endsWith('?')) return heading;

  const person = personHeading.exec(heading);
  if (person) return `Who is ${person[1]}?`;

  const asked = questionWords.exec(heading);
  if (asked) {
    const [, word, rest] = asked as unknown as [string, string, string];
    const [subject = '', verb = '', ...tail] = rest.split(' ');
    const wh = capitalise(word.toLowerCase());
    if (/^to$/i.test(subject)) {
      // "How to order" -> "How do I order?"; "Where to find us" -> "Where can I find you?"
      const helper = wh === 'How' ? 'do I' : 'can I';
      return `${wh} ${helper} ${visitorSide([verb, ...tail].join(' '))}?`;
    }
    if (/^we$/i.test(subject) && verb) {
      const rest = visitorSide(tail.join(' '));
      return auxiliaries.has(verb.toLowerCase())
        ? `${wh} ${verb.toLowerCase()} you${rest ? ` ${rest}` : ''}?`
        : `${wh} do you ${verb}${rest ? ` ${rest}` : ''}?`;
    }
    return `${wh} ${visitorSide(rest)}?`;
  }

  const about = /^about\s+(.+)$/i.exec(heading);
  if (about) {
    const subject = /^us$/i.test(about[1]!) ? (options.siteName ?? 'you') : visitorSide(about[1]!);
    return `What should I know about ${subject}?`;
  }

  const verb = words[0]!.toLowerCase();
  if (imperatives.has(verb)) {
    if (words.length === 1) return imperativesToUs.has(verb) ? `How can I ${verb} you?` : `How can I ${verb}?`;
    return `How can I ${verb} ${visitorSide(words.slice(1).join(' '))}?`;
  }

  const ours = /^our\s+(.+)$/i.exec(heading);
  const topic = ours ? ours[1]! : heading;
  const personal = /\b(?:we|us|our|i|my|me)\b/i.test(topic);
  if (!personal && words.length === 1 && /ing$/i.test(topic) && topic.length > 5) {
    return `How does ${topic.toLowerCase()} work?`;
  }
  if (!personal && isPlural(topic)) return `What are your ${inSentence(topic)}?`;
  return `What should I know about ${ours ? 'your ' : ''}${visitorSide(ours ? topic : inSentence(topic))}?`;
}
