/**
 * Marks the designer's own preloads in the built index.html (tools/vite/designer-preload.ts): the
 * server leaves them out of the shell it sends to routes that draw no design (server/web/static.ts),
 * so the admin and the content pages do not download the renderer and its font on a first visit.
 */
export const DESIGNER_PRELOAD_ATTRIBUTE = 'data-designer-preload';
