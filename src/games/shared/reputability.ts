// Reputability, in the words Cycle 15 and Cycle 16 share: “A player is 'reputable' if they have
// continuously been a player for the previous seven days or if they have continuously been a player
// from a time that was within 3 days of the round starting.” What each game grants for it is its own.

const DAY = 86_400_000;

/** “continuously been a player from a time that was within 3 days of the round starting”: joined no later than 3 days after the cycle start. */
export function joinedNearStart(p: { joined: Date }, cycleStart: Date): boolean {
  return p.joined.getTime() - cycleStart.getTime() <= 3 * DAY;
}

/** When the rule itself makes the player reputable: at joining if within 3 days of the cycle start, else seven days on. */
export function reputableByRule(p: { joined: Date }, cycleStart: Date): Date {
  return joinedNearStart(p, cycleStart) ? p.joined : new Date(p.joined.getTime() + 7 * DAY);
}
