import { exploreAction } from './explore.ts';
import { fuseAction } from './fuse.ts';
import { openAction } from './packs.ts';
import { rerollAction } from './reroll.ts';
import { buyAction } from './shop.ts';

// Cycle 16's actions for the referee (src/jobs/referee.ts): one file per action family, declared with the game
// (../index.ts), resolved in the kit's frame (src/games/kit/referee.ts).

export const cycle16Actions = [openAction, buyAction, exploreAction, fuseAction, rerollAction];
