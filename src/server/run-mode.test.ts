import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { isLoopback, modeNotice } from './run-mode.js';

// Embedded mode cannot be exposed by accident (decision 010).

describe('the run mode', () => {
  it.each([
    [{}, 'embedded'],
    [{ NODE_ENV: 'development' }, 'embedded'],
    [{ NODE_ENV: 'test' }, 'embedded'],
  ])('reads %o as %s', (env, mode) => {
    expect(loadConfig(env).mode).toBe(mode);
  });

  it.each(['staging', 'prod', 'Production', 'production '.repeat(2)])(
    'refuses NODE_ENV=%j instead of running embedded',
    (value) => {
      expect(() => loadConfig({ NODE_ENV: value })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: value })).toThrow(
        /^Invalid configuration: NODE_ENV must be production, development or test/,
      );
    },
  );

  it.each(['0.0.0.0', '::', '192.0.2.2', 'portal.example.com'])(
    'refuses HOST=%s in embedded mode unless EMBEDDED_ALLOW_REMOTE=true',
    (host) => {
      expect(() => loadConfig({ HOST: host })).toThrow(
        /^Invalid configuration: HOST must be a loopback address in embedded mode .*EMBEDDED_ALLOW_REMOTE=true/,
      );
      const config = loadConfig({ HOST: host, EMBEDDED_ALLOW_REMOTE: 'true' });
      expect(config.host).toBe(host);
      expect(config.embeddedAllowRemote).toBe(true);
    },
  );

  it.each(['127.0.0.1', '127.1.2.3', '::1', 'localhost'])('listens on %s embedded', (host) => {
    const config = loadConfig({ HOST: host });
    expect(config.host).toBe(host);
    expect(config.embeddedAllowRemote).toBe(false);
  });

  it('ignores EMBEDDED_ALLOW_REMOTE in production and refuses a value that is not a boolean', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/portal',
      SMTP_URL: 'smtp://mail.internal:25',
      ACCESS_TOKEN_SECRET: 'a'.repeat(32),
      XSRF_SECRET: 'b'.repeat(32),
      CODE_HASH_SECRET: 'c'.repeat(32),
      LINK_SIGNING_SECRET: 'd'.repeat(32),
      KEY_ENCRYPTION_SECRET: 'e'.repeat(32),
      EMBEDDED_ALLOW_REMOTE: 'true',
    });
    expect(production.embeddedAllowRemote).toBe(false);
    expect(() => loadConfig({ EMBEDDED_ALLOW_REMOTE: 'yes' })).toThrow(
      /^Invalid configuration: EMBEDDED_ALLOW_REMOTE must be true or false/,
    );
  });

  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['localhost', true],
    ['192.0.2.2', false],
    ['::ffff:192.0.2.2', false],
    ['0.0.0.0', false],
    ['not an address', false],
  ])('isLoopback(%s) is %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });

  it('says in the start log which mode runs and what it exposes', () => {
    expect(modeNotice('production', false)).toMatch(/^production mode .*no \/dev routes/);
    expect(modeNotice('embedded', false)).toMatch(
      /^embedded mode .*\/dev\/mail shows every code .*\/dev\/flow signs anyone in .*listens on loopback only/,
    );
    expect(modeNotice('embedded', true)).toMatch(
      /EMBEDDED_ALLOW_REMOTE=true: any client that reaches this port can take over any account/,
    );
  });
});
