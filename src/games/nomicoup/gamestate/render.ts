import { pageRenderer } from '../../kit/page-renderer.ts';
import { nomicoupPage } from './tables.ts';

// Writing the Nomicoup Gamestate back (src/games/kit/page-renderer.ts): only the cells whose value changed are
// replaced; the turns that began are appended to the Turns table, the changes to the History. Every other byte stays.

export const { renderDocument: renderNomicoupDocument } = pageRenderer(nomicoupPage);
