import { describe, expect, it } from 'vitest';
import { ApiPaths } from './api-paths.js';

describe('ApiPaths', () => {
  it("spells an app's path as the server's route pattern does, with the id encoded", () => {
    expect(ApiPaths.app('app_1')).toBe(ApiPaths.appPattern.replace(':id', 'app_1'));
    expect(ApiPaths.app('a/b c')).toBe('/api/v1/app/a%2Fb%20c');
    expect(ApiPaths.appPattern.startsWith(`${ApiPaths.createApp}/`)).toBe(true);
  });
});
