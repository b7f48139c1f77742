import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// The daemon's code stops at V8's baseline compiler (src/cron/compiler-tier.ts): a function run hot in a process
// that called baselineCompilerOnly is never TurboFan's, not even when V8 is asked to optimise it, unless
// CROUPIER_DAEMON_OPTIMIZE=1 keeps TurboFan.

const moduleUrl = new URL('../../../src/cron/compiler-tier.ts', import.meta.url).href;
// V8's %GetOptimizationStatus bits: 1 << 1 never to be optimised, 1 << 6 TurboFan's code.
const NEVER_OPTIMIZED = 1 << 1;
const TURBOFANNED = 1 << 6;

function statusWhenOptimised(env: NodeJS.ProcessEnv): { limited: boolean; status: number } {
  const script = `
    const { baselineCompilerOnly } = await import(${JSON.stringify(moduleUrl)});
    const limited = await baselineCompilerOnly(process.env);
    function hot(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
    %PrepareFunctionForOptimization(hot);
    hot(10);
    %OptimizeFunctionOnNextCall(hot);
    hot(10);
    console.log(JSON.stringify({ limited, status: %GetOptimizationStatus(hot) }));`;
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    encoding: 'utf8',
    env: { ...env, PATH: process.env.PATH },
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

test("the daemon's code is never optimised by TurboFan", () => {
  const { limited, status } = statusWhenOptimised({});
  expect(limited).toBe(true);
  expect(status & TURBOFANNED).toBe(0);
  expect(status & NEVER_OPTIMIZED).toBe(NEVER_OPTIMIZED);
}, 60_000);

test('CROUPIER_DAEMON_OPTIMIZE=1 keeps TurboFan', () => {
  const { limited, status } = statusWhenOptimised({ CROUPIER_DAEMON_OPTIMIZE: '1' });
  expect(limited).toBe(false);
  expect(status & TURBOFANNED).toBe(TURBOFANNED);
}, 60_000);
