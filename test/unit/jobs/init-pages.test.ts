import { expect, test } from 'vitest';
import { parseConfig } from '../../../src/config.ts';
import { initPages } from '../../../src/jobs/init.ts';
import { shutoffReason } from '../../../src/wiki/guards.ts';

const config = parseConfig({
  wiki: { shutoff: { page: 'Croupier/Shutoff', runWord: 'run' } },
  games: [
    { id: 'c16', kind: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate' },
    { id: 'gen', kind: 'generic', ruleset: 'Some/Ruleset', gamestate: 'Some/Gamestate' },
  ],
});

test('a game with a Gamestate engine needs the shutoff page, its request page and its Rulings page; its Ruleset and Gamestate are only checked', () => {
  const pages = initPages(config, config.games[0]!);
  expect(pages.map((p) => [p.title, p.text !== undefined])).toEqual([
    ['Croupier/Shutoff', true],
    ['Cycle 16/Ruleset', false],
    ['Cycle 16/Gamestate', false],
    ['Cycle 16/Gamestate/Requests', true],
    ['Cycle 16/Gamestate/Rulings', true],
  ]);
});

test('a generic game needs the pages every game needs: its request page, and the Rulings page its admins declare on', () => {
  expect(initPages(config, config.games[1]!).map((p) => p.title)).toEqual([
    'Croupier/Shutoff',
    'Some/Ruleset',
    'Some/Gamestate',
    'Some/Gamestate/Requests',
    'Some/Gamestate/Rulings',
  ]);
});

test('the shutoff page is created so that the bot edits, and a person stops it by replacing the one visible word', () => {
  const text = initPages(config, config.games[0]!)[0]!.text!;
  expect(shutoffReason(text, config.wiki.shutoff)).toBeNull();
  expect(shutoffReason(text.replace(/^run/, 'stop'), config.wiki.shutoff)).toMatch(/does not contain "run"/);
});

test('the request and Rulings pages start with no bullet line: nothing on them is read as a request or a ruling', () => {
  for (const p of initPages(config, config.games[0]!).slice(3)) expect(p.text!.split('\n').filter((l) => l.startsWith('*'))).toEqual([]);
});
