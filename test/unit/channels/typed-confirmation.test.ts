import { describe, expect, it } from 'vitest';
import { typedConfirmation } from '../../../functions/core/channels/typed-confirmation.js';

describe('a channel customer types their answer to the confirmation question', () => {
  it.each(['Yes', 'yes please!', 'Yeah', 'OK', 'sure.', ' Y '])('"%s" is a yes', (text) => {
    expect(typedConfirmation(text)).toBe('handoff');
  });
  it.each(['No', 'no thanks', 'Nope!', 'not now'])('"%s" is a no', (text) => {
    expect(typedConfirmation(text)).toBe('declined');
  });
  it.each(['Yes, do you bake rye bread?', 'No gluten in the cake please', 'Do you sell croissants?', ''])('"%s" is an ordinary message', (text) => {
    expect(typedConfirmation(text)).toBeUndefined();
  });
});
