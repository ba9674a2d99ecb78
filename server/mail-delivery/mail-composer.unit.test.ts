import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailComposer } from './mail-composer';

const resetMail = JSON.stringify({ kind: 'password_reset', to: 'maya@example.com', firstName: 'Maya', link: 'http://localhost:8080/reset-password?token=abc' });
const account = (payload: string) => ({ kind: 'account' as const, payload, messageId: '<reset.1@villa-prints.example>', from: 'Villa Prints <orders@villa-prints.example>' });

describe('the mail composer thread', () => {
  const smtp = createMailComposer('windows');
  const files = createMailComposer('unix');
  afterAll(async () => {
    await Promise.all([smtp.close(), files.close()]);
  });

  it('writes a mail whole, with CRLF lines for SMTP and LF lines for .eml files', async () => {
    const [forSmtp, forFile] = await Promise.all([smtp.compose(account(resetMail)), files.compose(account(resetMail))]);
    for (const composed of [forSmtp, forFile]) {
      expect(composed.to).toBe('maya@example.com');
      expect(composed.messageId).toBe('<reset.1@villa-prints.example>');
      expect(composed.envelope).toEqual({ from: 'orders@villa-prints.example', to: ['maya@example.com'] });
      expect(Buffer.isBuffer(composed.message)).toBe(true);
      expect(composed.message.toString()).toContain('Message-ID: <reset.1@villa-prints.example>');
    }
    expect(forSmtp.message.toString()).toMatch(/^Content-Type: .*\r\n/m);
    expect(forFile.message.toString()).not.toContain('\r\n');
  });

  it('answers a mail it cannot write with the error, and goes on writing the next', async () => {
    await expect(smtp.compose(account('{not json'))).rejects.toThrow(/JSON/);
    await expect(smtp.compose(account(resetMail))).resolves.toMatchObject({ to: 'maya@example.com' });
  });

  it('works in a shop started from another folder than its own', async () => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const composer = new URL('./mail-composer.ts', import.meta.url).href;
    const script = `
      const { createMailComposer } = await import(${JSON.stringify(composer)});
      const composer = createMailComposer('unix');
      const mail = await composer.compose(${JSON.stringify(account(resetMail))});
      console.log(mail.to);
      await composer.close();`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], { cwd: os.tmpdir() });
    expect(stdout.trim()).toBe('maya@example.com');
  });
});
