import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../functions/contracts/password-policy.js';

describe('the user pool password policy', () => {
  it('accepts a password with 12 characters, both cases, a number and a symbol', () => {
    expect(passwordProblems('Demo-password-1')).toEqual([]);
  });

  it.each([
    ['Short-pw-1', /long enough/],
    ['no-uppercase-1', /uppercase/],
    ['NO-LOWERCASE-1', /lowercase/],
    ['No-numbers-here', /numeric/],
    ['NoSymbols12345', /symbol/],
  ])('refuses %s', (password, problem) => {
    expect(passwordProblems(password).join('; ')).toMatch(problem);
  });
});
