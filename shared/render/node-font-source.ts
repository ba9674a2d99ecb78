/** Node only (server, tests, tools): the font files read from shared/render/fonts/ on disk. */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontSource } from './font-loader';

const FONT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fonts');

// By file name, not file.url: under Vite (the DOM tests) the URL is rewritten to a served asset.
export const fileFontSource: FontSource = (file) => readFile(join(FONT_DIR, file.fileName));
