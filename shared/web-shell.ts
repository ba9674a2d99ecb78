/**
 * The meta tag of the built index.html naming the renderer's chunks (tools/vite/designer-preload.ts),
 * which the designer fetches once the app runs (web/render/use-design.ts).
 */
export const RENDERER_CHUNKS_META = 'renderer-chunks';
