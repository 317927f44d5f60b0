import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides credentials carried in the query', () => {
    expect(redactUrl('/api/v1/authentication/loginWithFlow?auth=eyJhbGciOi.x.y')).toBe(
      '/api/v1/authentication/loginWithFlow?auth=%5Bredacted%5D',
    );
    expect(redactUrl('/files/doc?token=abc&expires=9')).toBe(
      '/files/doc?token=%5Bredacted%5D&expires=9',
    );
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/api/v1/apps')).toBe('/api/v1/apps');
    expect(redactUrl('/?loc=oldbroker.com')).toBe('/?loc=oldbroker.com');
  });
});
