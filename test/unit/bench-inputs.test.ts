// The benchmark's synthetic inputs must stay valid pages as the readers grow stricter: a bench that
// crashes on its own input measures nothing (it is not run in CI).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { syntheticGamestate } from '../../bench/engine.ts';
import { readEngineRuleset } from '../../src/games/registry.ts';

const rulesetText = readFileSync(new URL('../../fixtures/cycle16/ruleset.wikitext', import.meta.url), 'utf8');

describe('benchmark inputs', () => {
  test('the synthetic Gamestate is a valid page that a rollover changes', () => {
    const { engine, ruleset } = readEngineRuleset(rulesetText, { kind: 'cycle16', game: 'bench' });
    const text = syntheticGamestate(12, 6);
    const state = engine.readGamestate(text, 'Bench/Gamestate', ruleset);
    expect(state.phase.number).toBe(4);
    const r = engine.rollover(ruleset, 'bench', { title: 'Bench/Gamestate', text, revid: 1 }, { now: new Date('2026-11-19T00:00Z'), trigger: 'test' });
    // The fixture-like page records phase 4 (Rest Phase, ends Thursday 2026-11-19 00:00): one boundary is due.
    expect(r.result.state.phase.number).toBe(5);
    expect(r.text).not.toBe(text);
  });
});
