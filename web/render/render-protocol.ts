/** Messages between the page and the render worker (render-worker.ts, render-client.ts). */
import type { DesignLayout, RenderableDesign } from '../../shared/render';
import type { ThinFeatures } from '../../shared/render/thin-features';

export type RenderRequest =
  | { id: number; kind: 'layout'; design: RenderableDesign }
  | { id: number; kind: 'thin'; design: RenderableDesign; minMm: number }
  | { id: number; kind: 'warm'; fonts: string[] };

export type RenderReply =
  | { id: number; kind: 'layout'; layout: DesignLayout }
  | { id: number; kind: 'thin'; found: ThinFeatures | null }
  | { id: number; kind: 'warm' }
  | { id: number; kind: 'error'; message: string };

/** The worker asks the page for a font file's bytes: the page fetched them early (font-files-early.ts). */
export interface FontFileRequest {
  kind: 'font-file';
  url: string;
}

export type FontFileReply = { kind: 'font-file'; url: string; bytes: ArrayBuffer } | { kind: 'font-file'; url: string; error: string };
