import { describe, expect, it } from 'vitest';
import { RegionError, findRegions } from '../../../src/parse/regions.ts';
import { answerLost, isRefusal, isWikiUnavailable, retryDecision, toWikiError, WikiError } from '../../../src/wiki/errors.ts';
import { unifiedDiff } from '../../../src/wiki/diff.ts';
import { normalizeText } from '../../../src/wiki/save.ts';

const policy = { maxRetries: 3, retryPauseMs: 1000 };
const err = (code: string, extra: Partial<ConstructorParameters<typeof WikiError>[0]> = {}) => new WikiError({ code, message: code, ...extra });

describe('toWikiError', () => {
  it('keeps MediaWiki codes and names the page', () => {
    const e = toWikiError({ code: 'editconflict', info: 'Edit conflict.' }, 'P');
    expect(e).toMatchObject({ code: 'editconflict', page: 'P', info: 'Edit conflict.' });
    expect(e.message).toMatch(/^"P": edit conflict/);
  });
  it('maps a failed login', () => {
    expect(toWikiError({ code: 'mwn_failedlogin', info: 'Failed: Incorrect username or password' }).code).toBe('login-failed');
  });
  it('maps network errors and HTTP statuses, with Retry-After', () => {
    expect(toWikiError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }).code).toBe('ECONNREFUSED');
    const e = toWikiError({
      code: 'ERR_BAD_RESPONSE',
      message: 'Request failed with status code 503',
      response: { status: 503, headers: { 'retry-after': '7' } },
    });
    expect(e).toMatchObject({ code: 'http-503', status: 503, retryAfter: 7 });
    expect(
      toWikiError({ code: 'maxlag', info: 'Waiting for a database server: 7 seconds lagged.', response: { status: 200, headers: { 'retry-after': '5' } } }),
    ).toMatchObject({ code: 'maxlag', retryAfter: 5 });
  });
  it("names the reason an admin gave for a read-only wiki, not only MediaWiki's generic words", () => {
    const e = toWikiError(
      { code: 'readonly', info: 'The wiki is currently in read-only mode.', readonlyreason: 'Upgrading to 1.43, back by 14:00 UTC' },
      'Cycle 16/Gamestate',
    );
    expect(e).toMatchObject({ code: 'readonly', info: 'The wiki is currently in read-only mode.' });
    expect(e.message).toBe('"Cycle 16/Gamestate": the wiki is read-only (Upgrading to 1.43, back by 14:00 UTC)');
  });
  it('passes WikiErrors through', () => {
    const e = err('missing');
    expect(toWikiError(e)).toBe(e);
    expect(toWikiError(e, 'Q').page).toBe('Q');
  });
});

describe('retryDecision: the one retry policy', () => {
  it('honours Retry-After for maxlag', () => {
    expect(retryDecision(err('maxlag', { retryAfter: 5 }), 0, policy)).toMatchObject({ retry: true, delayMs: 5000 });
    expect(retryDecision(err('maxlag'), 0, policy)).toMatchObject({ retry: true, delayMs: 1000 });
  });
  it('backs off exponentially on ratelimited and network errors, capped', () => {
    expect([0, 1, 2].map((a) => retryDecision(err('ratelimited'), a, policy))).toMatchObject([{ delayMs: 1000 }, { delayMs: 2000 }, { delayMs: 4000 }]);
    expect(retryDecision(err('ECONNRESET'), 1, policy)).toMatchObject({ retry: true, delayMs: 2000 });
    expect(retryDecision(err('ratelimited'), 9, { maxRetries: 20, retryPauseMs: 1000, maxPauseMs: 30_000 })).toMatchObject({ delayMs: 30_000 });
  });
  it('logs in again / refreshes the token first when the session or token was lost', () => {
    expect(retryDecision(err('assertbotfailed'), 0, policy)).toMatchObject({ retry: true, before: 'login' });
    expect(retryDecision(err('badtoken'), 0, policy)).toMatchObject({ retry: true, before: 'token' });
  });
  it('retries 5xx/429 but not other HTTP errors', () => {
    expect(retryDecision(err('http-503'), 0, policy).retry).toBe(true);
    expect(retryDecision(err('http-429', { retryAfter: 2 }), 0, policy)).toMatchObject({ retry: true, delayMs: 2000 });
    expect(retryDecision(err('http-404'), 0, policy).retry).toBe(false);
  });
  it('never retries content errors, and stops after maxRetries', () => {
    for (const c of ['editconflict', 'missingtitle', 'protectedpage', 'login-failed', 'shutoff', 'badvalue'])
      expect(retryDecision(err(c), 0, policy).retry).toBe(false);
    expect(retryDecision(err('maxlag'), 3, policy).retry).toBe(false);
    expect(retryDecision(err('maxlag'), 0, { maxRetries: 0, retryPauseMs: 0 }).retry).toBe(false);
  });
  it('knows refusals', () => {
    expect(isRefusal(err('shutoff'))).toBe(true);
    expect(isRefusal(err('region-markers'))).toBe(true);
    expect(isRefusal(err('editconflict'))).toBe(false);
  });
  it('counts a region refusal from the pure region functions as a refusal, and converts it to a WikiError naming the page', () => {
    let thrown: unknown;
    try {
      findRegions('x <!-- croupier:end t -->', 'P');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RegionError);
    expect(thrown).toMatchObject({ code: 'region-markers', page: 'P' });
    expect(isRefusal(thrown)).toBe(true);
    const w = toWikiError(thrown);
    expect(w).toBeInstanceOf(WikiError);
    expect(w).toMatchObject({ code: 'region-markers', page: 'P' });
    expect(isRefusal(w)).toBe(true);
    expect(toWikiError(new RegionError({ code: 'page-shrink', message: 'too short' }), 'Q')).toMatchObject({
      code: 'page-shrink',
      page: 'Q',
      message: '"Q": too short',
    });
  });
});

describe('a wiki down or read-only for now is not a failure of the game', () => {
  it('counts a maintenance lock, a lag, an unreachable wiki and a gateway that says the service is unavailable as the wiki unavailable', () => {
    for (const code of ['readonly', 'maxlag', 'ECONNREFUSED', 'ETIMEDOUT', 'http-502', 'http-503', 'http-504', 'internal_api_error_DBConnectionError'])
      expect(isWikiUnavailable(err(code)), code).toBe(true);
  });
  it('counts a server error, a rate limit, a refusal, a lost session, a broken page or a plain Error as a failure', () => {
    for (const code of ['http-500', 'http-404', 'ratelimited', 'protectedpage', 'cannot-edit', 'assertbotfailed', 'badtoken', 'region-shrink', 'network'])
      expect(isWikiUnavailable(err(code)), code).toBe(false);
    expect(isWikiUnavailable(new Error('table "Players", row 3: "x" is not a number'))).toBe(false);
  });
});

describe('an edit whose answer was lost may have been saved', () => {
  it("takes a gateway's 5xx, a cut or refused connection, an answer that is not the API's JSON and an exception of MediaWiki's as an answer lost", () => {
    for (const code of ['http-500', 'http-502', 'http-504', 'ECONNRESET', 'ETIMEDOUT', 'network', 'bad-response', 'internal_api_error_DBQueryError'])
      expect(answerLost(err(code)), code).toBe(true);
  });
  it("takes MediaWiki's own answers (a refusal, a conflict, a lock, a lag, a rate limit) and a 4xx as answers: the edit was not saved", () => {
    for (const code of ['editconflict', 'readonly', 'maxlag', 'ratelimited', 'protectedpage', 'badtoken', 'http-404', 'http-429'])
      expect(answerLost(err(code)), code).toBe(false);
  });
});

describe('diff and text normalisation', () => {
  it('makes a unified diff, empty when equal', () => {
    expect(unifiedDiff('P', 'a\nb', 'a\nb')).toBe('');
    const d = unifiedDiff('P', 'a\nb\n', 'a\nc\n', { oldLabel: 'revision 1' });
    expect(d).toContain('--- a/P\trevision 1');
    expect(d).toContain('-b\n+c');
  });
  it('compares texts as MediaWiki saves them', () => {
    expect(normalizeText('a\r\nb  \n\n')).toBe('a\nb');
  });
});
