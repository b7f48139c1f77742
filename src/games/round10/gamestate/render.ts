import { pageRenderer } from '../../kit/page-renderer.ts';
import { gamestatePage } from './tables.ts';

// Writing the Round 10 Gamestate back (src/games/kit/page-renderer.ts): only changed cells are spliced in, rows
// of what ceased to exist (a concluded lot, a returned Player Lot) are cut out, History rows are appended.

export const { render: renderGamestate, renderDocument: renderGamestateDocument } = pageRenderer(gamestatePage);
