import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SecretsSchema } from '../../../src/config.ts';
import { root } from '../cli/run-cli.ts';

// The systemd units of docs/: what systemd itself says of them, and the variables they name.
const units = ['croupier.service', 'croupier@.service'];
// Debian's `systemd` package, installed with apt-get when missing (as the wiki's and the browser's packages are).
const ensured = spawnSync('bash', [join(root, 'scripts', 'systemd-analyze.sh')], { encoding: 'utf8' });
const analyze = ensured.status === 0 ? ensured.stdout.trim() : undefined;

test.for(units)('systemd-analyze verify finds nothing to say about docs/%s', (unit, ctx) => {
  if (analyze === undefined) ctx.skip(`no systemd-analyze: scripts/systemd-analyze.sh could not install it (${ensured.stderr.trim()})`);
  // A template is verified through an instance (loaded from the template beside it), so %i is filled in.
  const r = spawnSync(analyze!, ['verify', join(root, 'docs', unit.replace('@', '@nomic'))], { encoding: 'utf8', cwd: root });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

test.each(units)('docs/%s names only environment variables Croupier reads', (unit) => {
  const text = readFileSync(join(root, 'docs', unit), 'utf8');
  const known = [
    ...Object.keys(SecretsSchema.shape),
    'CROUPIER_CONFIG',
    'CROUPIER_LOG_LEVEL',
    'CROUPIER_LOG_FORMAT',
    'CROUPIER_OPTIMIZE',
    'CROUPIER_DAEMON_OPTIMIZE',
  ];
  const named = [...new Set(text.match(/CROUPIER_[A-Z_]+/g))];
  expect(named.filter((v) => !known.includes(v))).toEqual([]);
  expect(named).toContain('CROUPIER_PASSWORD');
});

test('the templated unit gives each instance its own config, env file and store directory', () => {
  const text = readFileSync(join(root, 'docs', 'croupier@.service'), 'utf8');
  const line = (key: string) => text.split('\n').find((l) => l.startsWith(`${key}=`));
  expect(line('EnvironmentFile')).toBe('EnvironmentFile=/etc/croupier/%i.env');
  expect(line('ExecStart')).toContain('--config /etc/croupier/%i.json');
  expect(line('StateDirectory')).toBe('StateDirectory=croupier/%i');
});
