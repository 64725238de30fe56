import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { api, registerUser } from '../../test/factories';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { codeForStep, currentStep } from '../../test/totp-codes';
import { ConfigError, loadConfig } from '../config/env';
import { openSecretBox } from './secret-box.service';

function capturingLogger() {
  const lines: string[] = [];
  return { lines, log: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) };
}

describe('secret box', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const keyFileIn = () => {
    const dir = makeTempDir('fanout-secret-');
    dirs.push(dir);
    return path.join(dir, 'secret.key');
  };

  it('encrypts with AES-256-GCM, bound to its context, and detects tampering', () => {
    const box = openSecretBox({ secretKey: 'k'.repeat(40), secretKeyFile: keyFileIn() }, capturingLogger().log);
    const sealed = box.encrypt('JBSWY3DPEHPK3PXP', 'two-factor:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.encrypt('JBSWY3DPEHPK3PXP', 'two-factor:1')).not.toBe(sealed);
    expect(box.decrypt(sealed, 'two-factor:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.decrypt(sealed, 'two-factor:2')).toThrow();
    const [v, iv, body, tag] = sealed.split(':') as [string, string, string, string];
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => box.decrypt([v, iv, flipped, tag].join(':'), 'two-factor:1')).toThrow();
  });

  it('creates a private key file on first start with a warning, and uses it from then on', () => {
    const file = keyFileIn();
    const first = capturingLogger();
    const box = openSecretBox({ secretKey: undefined, secretKeyFile: file }, first.log);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.lines.join('')).toContain('SECRET_KEY is not set');

    const later = capturingLogger();
    const reopened = openSecretBox({ secretKey: undefined, secretKeyFile: file }, later.log);
    expect(later.lines).toEqual([]);
    expect(reopened.decrypt(box.encrypt('secret', 'ctx'), 'ctx')).toBe('secret');
    expect(reopened.mac('purpose', 'value')).toBe(box.mac('purpose', 'value'));
  });

  it('uses SECRET_KEY when set: no key file, and another key cannot decrypt', () => {
    const file = keyFileIn();
    const box = openSecretBox({ secretKey: 'a'.repeat(32), secretKeyFile: file }, capturingLogger().log);
    expect(fs.existsSync(file)).toBe(false);
    const other = openSecretBox({ secretKey: 'b'.repeat(32), secretKeyFile: file }, capturingLogger().log);
    expect(() => other.decrypt(box.encrypt('secret', 'ctx'), 'ctx')).toThrow();
    expect(other.mac('p', 'v')).not.toBe(box.mac('p', 'v'));
  });

  it('refuses a SECRET_KEY that is too short, naming it', () => {
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
  });
});

describe('two-factor secrets across a restart', () => {
  let server: TestServer | undefined;
  afterEach(() => stopTestServer(server));

  it('keeps working after a restart with the key file it created', async () => {
    const first = await startTestServer();
    server = first;
    expect(fs.existsSync(path.join(first.dataDir, 'secret.key'))).toBe(true);
    const owner = await registerUser(first);
    const setup = await api(first, owner.token).post('/api/auth/2fa/setup');
    const step = currentStep();
    expect(
      (await api(first, owner.token).post('/api/auth/2fa/enable', { token: codeForStep(setup.body.secret, step) }))
        .status,
    ).toBe(200);
    await first.close();

    server = await startTestServer({}, { dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    const res = await api(server).post('/api/auth/login', {
      identifier: owner.user.email,
      password: owner.password,
      twoFactorToken: codeForStep(setup.body.secret, step + 1),
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });
});
