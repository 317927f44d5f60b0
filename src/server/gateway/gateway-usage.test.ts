import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { GatewayDecision } from './gateway-state.js';
import { createUsageCounter, type UsageCounterDeps } from './gateway-usage.js';

const MINUTE = Date.UTC(2026, 10, 28, 12, 5, 0);

const allowed: GatewayDecision = {
  allowed: true,
  applicationId: 'app-1',
  developerId: 'dev-1',
  clientCode: '',
  algoId: '',
  keyGraceUntil: null,
};
const notListed: GatewayDecision = {
  allowed: false,
  reason: 'address_not_allowed',
  applicationId: 'app-1',
};

type Save = Mock<UsageCounterDeps['save']>;

function counterAt(start: number, save: Save = vi.fn(() => Promise.resolve())) {
  let now = start;
  const counter = createUsageCounter({
    save,
    clock: { now: () => now },
    flushMs: 5000,
    log: { warn: vi.fn() },
  });
  return {
    counter,
    save,
    setNow: (at: number) => {
      now = at;
    },
  };
}

function saved(save: Save, call = 0) {
  const [counts, addresses] = save.mock.calls[call] ?? [[], []];
  return { counts, addresses };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the usage counter', () => {
  it('writes nothing per call, then one flush of the counts by minute, outcome and reason', async () => {
    const { counter, save, setNow } = counterAt(MINUTE + 1000);
    counter.record(allowed, '203.0.113.5');
    counter.record(allowed, '203.0.113.5');
    counter.record(notListed, '203.0.113.9');
    setNow(MINUTE + 61_000);
    counter.record(allowed, '203.0.113.5');
    expect(save).not.toHaveBeenCalled();

    await counter.flush();

    expect(save).toHaveBeenCalledTimes(1);
    const { counts, addresses } = saved(save);
    expect(counts).toEqual([
      { applicationId: 'app-1', minute: MINUTE, outcome: 'allowed', reason: '', count: 2 },
      {
        applicationId: 'app-1',
        minute: MINUTE,
        outcome: 'refused',
        reason: 'address_not_allowed',
        count: 1,
      },
      { applicationId: 'app-1', minute: MINUTE + 60_000, outcome: 'allowed', reason: '', count: 1 },
    ]);
    expect(addresses).toEqual([
      {
        applicationId: 'app-1',
        ip: '203.0.113.9',
        reason: 'address_not_allowed',
        at: MINUTE + 1000,
      },
    ]);
  });

  it('counts a key no application has for no application', async () => {
    const { counter, save } = counterAt(MINUTE);
    counter.record({ allowed: false, reason: 'key_unknown', applicationId: null }, '203.0.113.9');
    await counter.flush();
    expect(save).not.toHaveBeenCalled();
  });

  /** The allowed count the second of two flushes writes, one call counted before each. */
  async function secondFlushCount(save: Save) {
    const { counter } = counterAt(MINUTE, save);
    counter.record(allowed, '203.0.113.5');
    await counter.flush();
    counter.record(allowed, '203.0.113.5');
    await counter.flush();
    return saved(save, 1).counts.map((row) => row.count);
  }

  it('starts afresh after a flush: the next one holds only what came since', async () => {
    expect(await secondFlushCount(vi.fn(() => Promise.resolve()))).toEqual([1]);
  });

  it('keeps the counts of a failed write for the next flush', async () => {
    const save: Save = vi
      .fn<UsageCounterDeps['save']>()
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValue(undefined);
    expect(await secondFlushCount(save)).toEqual([2]);
  });

  it('keeps the 20 most recently refused addresses of an application, each with its last reason', async () => {
    const { counter, save, setNow } = counterAt(MINUTE);
    for (let i = 1; i <= 25; i += 1) {
      setNow(MINUTE + i);
      counter.record(notListed, `198.51.100.${i}`);
    }
    setNow(MINUTE + 100);
    counter.record(
      { allowed: false, reason: 'proof_pending', applicationId: 'app-1' },
      '198.51.100.10',
    );
    await counter.flush();
    const { addresses } = saved(save);
    expect(addresses).toHaveLength(20);
    expect(addresses.map((a) => a.ip)).not.toContain('198.51.100.5');
    expect(addresses.at(-1)).toEqual({
      applicationId: 'app-1',
      ip: '198.51.100.10',
      reason: 'proof_pending',
      at: MINUTE + 100,
    });
  });

  it('flushes every flushMs once started, and what is left on stop', async () => {
    vi.useFakeTimers();
    const { counter, save } = counterAt(MINUTE);
    counter.start();
    counter.record(allowed, '203.0.113.5');
    await vi.advanceTimersByTimeAsync(4999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    counter.record(notListed, '203.0.113.9');
    await counter.stop();
    expect(save).toHaveBeenCalledTimes(2);
    expect(saved(save, 1).counts[0]).toMatchObject({ outcome: 'refused', count: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
