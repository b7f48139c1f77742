import defaultConfig from 'wikiparser-node/config/default.json' with { type: 'json' };

/**
 * Words that are wikitext syntax wherever they stand: a protocol of wikiparser-node's configuration (`https://`,
 * `mailto:`…: a free link) and the magic links' words (ISBN, RFC, PMID), its protocols written and case folded as its
 * own expression has them (flags `giu`: `ſ` is an `s`). A text holding none of them holds no free link nor magic
 * link; a word and a colon that is no protocol (`phases:`) is text.
 */
export const SYNTAX_WORDS = new RegExp(`${defaultConfig.protocol}|isbn|rfc|pmid`, 'iu');
