import { fortuneAction } from './fortune.ts';
import { houseLotAction } from './house-lot.ts';
import { slotsAction } from './slots.ts';
import { starPriceAction } from './star-price.ts';
import { studioAction } from './studio.ts';

// Round 10's actions for the referee (src/jobs/referee.ts): the random things the Ruleset lets a player
// generate — a House Lot's cards, the Star Price, the slots, the dice of a fortune, a Work of Art's Value — one
// file per action family, declared with the game (../index.ts), resolved in the kit's frame (src/games/kit/referee.ts).

export const round10Actions = [houseLotAction, starPriceAction, slotsAction, fortuneAction, studioAction];
