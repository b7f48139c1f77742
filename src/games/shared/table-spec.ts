// A Gamestate table, column by column: how each cell is read into an entity and written back from it.
// Tables are found by their headers (not their heading or position), and rows are read by header name,
// so editors may reorder columns or use either cell style. `C`: what a game's readers need besides the
// cell (Cycle 16: the ruleset's pack names).

export interface Column<E, C = unknown> {
  /** The header as the example page writes it; matched through normaliseHeader. */
  label: string;
  /** Cells Croupier must read; a table without one of these columns is an error. */
  required: boolean;
  read(text: string | undefined, ctx: C): Partial<E>;
  write(e: E): string;
  /** A column the bot computes on every run: its cell is rewritten whenever its text differs from the computed one. */
  computed?: boolean;
  /** An optional column Croupier adds (at the end of the table) to a page without it, once this holds for a row. */
  addWhen?(e: E): boolean;
  /**
   * The bot's record of what it did (which phase it rolled over to, a grant given): the cell decides what a run pays,
   * so only the bot and the game's admins may change it (src/jobs/record-edits.ts). `kept`: every change; `once`: anyone
   * may write it where it is empty (a Cycle start, a grant marked given by hand), what it holds is the record;
   * `botValues`: a status people write too, whose values the bot writes (`rewarded`) are the record, to or from.
   */
  record?: RecordKind;
}

export interface TableSpec<E, C = unknown> {
  name: string;
  /** Headers that identify the table on the page. */
  identify: readonly string[];
  columns: readonly Column<E, C>[];
}

export type RecordKind = 'kept' | 'once' | { botValues: readonly string[] };

/** `column`, kept as the bot's record (Column.record). */
export function recordOf<E, C>(column: Column<E, C>, how: RecordKind = 'kept'): Column<E, C> {
  return { ...column, record: how };
}

/**
 * A column whose cells are read from their text alone (no context): it fits a table of any context
 * (Cycle 16 reads its packs with one; Cycle 15, Round 10 and Nomicoup need none, and pass `undefined`).
 */
export function col<E>(label: string, required: boolean, read: (text: string | undefined) => Partial<E>, write: (e: E) => string): Column<E> {
  return { label, required, read, write };
}

/**
 * A column the bot computes: what the page says there is not read, only rewritten when it differs. `shown`: the
 * key that keeps the cell's text as written (Round 10 tells by it what its display cells were computed under).
 */
export function computedCol<E>(label: string, write: (e: E) => string, shown?: keyof E & string): Column<E> {
  const read = shown === undefined ? () => ({}) : (text: string | undefined) => (text === undefined ? {} : ({ [shown]: text } as Partial<E>));
  return { label, required: false, read, write, computed: true };
}
