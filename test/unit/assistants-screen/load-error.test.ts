import { describe, expect, it } from 'vitest';
import { assistantsLoadError } from '@/dashboard/assistants/load-error';
import { ApiError } from '@/lib/api';

describe('the Assistants screen load error (spec 001 section 8)', () => {
  it('a server error is Error Loading AI Assistants with the server message', () => {
    expect(assistantsLoadError(new ApiError(500, 'Table unavailable'))).toEqual({
      title: 'Error Loading AI Assistants',
      description: 'Table unavailable',
    });
  });

  it('an unreachable server is a failed read too', () => {
    expect(assistantsLoadError(new ApiError(0, 'Could not reach the server.')).title).toBe('Error Loading AI Assistants');
  });

  it('an answer the client cannot read, or any other throw, is an Unexpected Error', () => {
    expect(assistantsLoadError(new ApiError(200, 'The server sent an unexpected response.')).title).toBe('Unexpected Error');
    expect(assistantsLoadError(new TypeError('x is undefined'))).toEqual({ title: 'Unexpected Error', description: 'x is undefined' });
  });

  it('without a message, the description asks to refresh or contact support', () => {
    expect(assistantsLoadError(new ApiError(503, '')).description).toBe(
      'Please refresh the page or contact support if the issue persists.',
    );
  });
});
