import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAlertCommand } from '../../../src/cron/alert.ts';
import { removeDir } from '../../temp-dir.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-alert-'));
afterAll(() => removeDir(dir));

describe('alert.command', () => {
  test('runs through the shell with the kind, the game and the reason in its environment', async () => {
    const out = join(dir, 'alert.txt');
    const problem = await runAlertCommand(`printf '%s|%s|%s' "$CROUPIER_ALERT" "$CROUPIER_ALERT_GAME" "$CROUPIER_ALERT_REASON" > '${out}'`, {
      kind: 'pause',
      game: 'c16',
      reason: 'Admin undid the bot\'s revision 12 of "Cycle 16/Gamestate"',
    });
    expect(problem).toBeNull();
    expect(readFileSync(out, 'utf8')).toBe('pause|c16|Admin undid the bot\'s revision 12 of "Cycle 16/Gamestate"');
  });

  test('a command that fails or hangs is reported in words, never thrown', async () => {
    expect(await runAlertCommand('echo no mail server >&2; exit 3', { kind: 'overdue', reason: 'x' })).toBe('alert.command exited with 3: no mail server');
    expect(await runAlertCommand('sleep 5', { kind: 'halt', game: 'c16', reason: 'x' }, 200)).toBe('alert.command was killed (SIGKILL)');
  });
});
