import { pageRenderer } from '../../kit/page-renderer.ts';
import { gamestatePage } from './tables.ts';

// Writing the Gamestate back (src/games/kit/page-renderer.ts): only changed cells are spliced in, rows of
// destroyed cards are cut out, History rows are appended. The columns read packs by the names the players hold.

export const { render: renderGamestate, renderDocument: renderGamestateDocument } = pageRenderer(gamestatePage, (state) => ({
  packs: [...new Set(state.players.flatMap((p) => Object.keys(p.packs)))],
}));
