import { comboAction } from './combo.ts';
import { landAction } from './land.ts';
import { macGyverAction } from './macgyver.ts';
import { moveAction } from './move.ts';
import { shatterAction } from './shards.ts';

// Cycle 15's actions for the referee (src/jobs/referee.ts): one file per action family — the movement
// roll, MacGyvering, a crystal destroyed for shards, the draws of landing on a space, and a combo — declared
// with the game (../index.ts), resolved in the kit's frame (src/games/kit/referee.ts).

export const cycle15Actions = [moveAction, macGyverAction, shatterAction, landAction, comboAction];
