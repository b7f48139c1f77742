import { pageRenderer } from '../../kit/page-renderer.ts';
import { gamestatePage } from './tables.ts';

// Writing the Cycle 15 Gamestate back (src/games/kit/page-renderer.ts): only changed cells are spliced in, rows
// of entities gone are cut out, History rows are appended. Every other byte of the page stays as it was.

export const { render: renderGamestate, renderDocument: renderGamestateDocument } = pageRenderer(gamestatePage);
