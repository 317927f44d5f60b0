import type { OpsApplicationResponse, OpsDeveloperResponse } from '../../src/contract/ops.js';

/** The console's application page as the server answers it: active, not blocked. */
export const OPS_APPLICATION: OpsApplicationResponse = {
  application: {
    id: 'app_1',
    name: 'Momentum bot',
    clientId: 'CID123',
    algoId: null,
    isActive: true,
    callbackUrl: 'https://bot.example.com/callback',
    postbackUrl: null,
    description: 'Trades momentum',
    createdAt: '2026-11-01T09:00:00.000Z',
    keys: [{ masked: 'pk_live_ab12••••••••', expiresAt: null }],
    ips: [{ ip: '203.0.113.7', proofState: 'pending', rejectionReason: null }],
    block: null,
  },
  developer: { id: 'dev_1', email: 'asha@example.com', name: 'Asha Rao', block: null },
};

/** The console's developer page as the server answers it: locked, not blocked. */
export const OPS_DEVELOPER: OpsDeveloperResponse = {
  developer: {
    id: 'dev_1',
    email: 'asha@example.com',
    name: 'Asha Rao',
    mobile: '+919876543210',
    state: 'Karnataka',
    clientCode: null,
    isVerified: true,
    lockedUntil: '2026-11-26T22:00:00.000Z',
    createdAt: '2026-11-01T09:00:00.000Z',
    block: null,
    factors: { authenticatorApp: true, passkeys: 0, recoveryCodesLeft: 8 },
  },
  applications: [
    {
      id: 'app_1',
      name: 'Momentum bot',
      clientId: 'CID123',
      isActive: true,
      isBlocked: false,
      ips: [
        { ip: '203.0.113.7', proofState: 'rejected', rejectionReason: 'Blurred scan' },
        { ip: '203.0.113.8', proofState: 'none', rejectionReason: null },
      ],
    },
  ],
  sessions: [
    {
      id: 's1',
      browser: 'Firefox on Linux',
      ip: '198.51.100.4',
      place: 'Bengaluru',
      createdAt: '2026-11-26T08:00:00.000Z',
      lastUsedAt: '2026-11-26T09:00:00.000Z',
    },
  ],
};
