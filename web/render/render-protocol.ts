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
