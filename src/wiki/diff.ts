// Unified diffs of what a save would change (printed by --dry-run, carried by every SaveResult).
import { createTwoFilesPatch } from 'diff';

export interface DiffLabels {
  /** e.g. "revision 123" */
  oldLabel?: string;
  newLabel?: string;
}

/** A unified diff of `before` → `after` of page `title`; '' when they are equal. */
export function unifiedDiff(title: string, before: string, after: string, labels: DiffLabels = {}): string {
  if (before === after) return '';
  const end = (s: string): string => (s.endsWith('\n') || s === '' ? s : `${s}\n`);
  return createTwoFilesPatch(`a/${title}`, `b/${title}`, end(before), end(after), labels.oldLabel ?? '', labels.newLabel ?? '', { context: 3 });
}
