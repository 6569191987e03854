/**
 * Everyday phrases visitors use where websites use one word ("every two weeks" for "bi-weekly",
 * "get back to me" for "respond"): a word-by-word search cannot see that they mean the same. Each
 * phrase is rewritten to the site's usual word before the question is searched and answered. General
 * English only: never a business's, a product's or a place's name.
 */
const PHRASES: [RegExp, string][] = [
  [/\bevery (?:two|2|other) weeks?\b|\btwice a month\b/gi, 'biweekly'],
  [/\b(?:get|gets|got|getting|come|coming) back to (?:me|us)\b|\bhear back\b/gi, 'respond'],
  [/\b(?:get|have|want|getting) (?:my|our|the|your) money back\b/gi, 'refund'],
  [/\b(?:leave|put|stop) (?:my|our|the) (?:car|van|vehicle)\b/gi, 'parking'],
  [/\b(?:sat ?nav|gps|google maps)\b/gi, 'directions'],
  [/\b(?:first[- ]time|new) (?:customers?|clients?)\b/gi, 'first'],
  // UK "end of tenancy" is the US "move-out"; settling in somewhere new is moving in.
  [/\bend[- ]of[- ](?:tenancy|tenancies|lease|let)\b/gi, 'move-out'],
  [/\bsettl(?:e|ing) in\b/gi, 'move in'],
  [/\b(?:people|persons?|folks?|those) (?:you|who you) (?:hire|employ|send)\b/gi, 'staff'],
  // Work not done properly is work the customer is not satisfied with.
  [/\b(?:is ?n[o']t|was ?n[o']t|not) (?:done )?(?:properly|right|well|good enough)\b|\bnot (?:completely |fully |totally )?(?:happy|pleased)\b|\bunhappy\b/gi, 'not satisfied'],
];

export function withSiteWords(question: string): string {
  return PHRASES.reduce((text, [phrase, word]) => text.replace(phrase, word), question);
}
