/**
 * English words for the numbers 0 to 20, each at the index of its value: visitors and sites spell
 * small counts ("sleeps four", "our five-year-old", "two adults and two kids").
 */
export const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
];

/** Words that name a number beyond the small counts ("thirty", "a hundred"). */
export const LARGER_NUMBER_WORDS = ['thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety', 'hundred', 'thousand'];

/** The value of digits or of a small count's word ("4", "four"); -1 for anything else. */
export function numberValue(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase());
}
