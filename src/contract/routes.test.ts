import { describe, expect, it } from 'vitest';
import { postbacksPath, routeOfPath } from './routes.js';

describe('the delivery log route', () => {
  it('is its own route under the app, so a deep link gets its meta and a 200', () => {
    expect(postbacksPath('app 1')).toBe('/update-app/app%201/postbacks');
    expect(routeOfPath(postbacksPath('app 1'))).toBe('postbacks');
    expect(routeOfPath('/update-app/app-1/postbacks/')).toBe('postbacks');
    expect(routeOfPath('/update-app/app-1')).toBe('updateApp');
    expect(routeOfPath('/update-app/app-1/other')).toBeUndefined();
  });
});
