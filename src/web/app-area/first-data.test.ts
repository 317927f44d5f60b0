import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitFirstData, FIRST_DATA_WAIT_MS } from './first-data.js';
import { queryClient } from './query-client.js';

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('awaitFirstData', () => {
  it('resolves once the answers are in, and leaves them in the cache for the screen', async () => {
    await awaitFirstData(
      { queryKey: ['first-data', 'a'], queryFn: () => Promise.resolve('A') },
      { queryKey: ['first-data', 'b'], queryFn: () => Promise.resolve('B') },
    );
    expect(queryClient.getQueryData(['first-data', 'a'])).toBe('A');
    expect(queryClient.getQueryData(['first-data', 'b'])).toBe('B');
  });

  it('stops waiting after the wait when an answer is late, leaving the request in flight', async () => {
    vi.useFakeTimers();
    let answer: (value: string) => void = () => undefined;
    const late = new Promise<string>((resolve) => {
      answer = resolve;
    });
    let waited = false;
    const waiting = awaitFirstData({ queryKey: ['first-data', 'late'], queryFn: () => late }).then(
      () => {
        waited = true;
      },
    );
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(queryClient.getQueryState(['first-data', 'late'])?.fetchStatus).toBe('fetching');
    answer('L');
    await vi.advanceTimersByTimeAsync(0);
    expect(queryClient.getQueryData(['first-data', 'late'])).toBe('L');
  });

  it('leaves a failure to the screen: the wait resolves and the error stays in the cache', async () => {
    await expect(
      awaitFirstData({
        queryKey: ['first-data', 'failed'],
        queryFn: () => Promise.reject(new Error('down')),
      }),
    ).resolves.toBeNull();
    expect(queryClient.getQueryState(['first-data', 'failed'])?.status).toBe('error');
  });
});
