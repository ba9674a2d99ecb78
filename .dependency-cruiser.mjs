// The server's folders depend one way (`npm run check:deps`, part of `npm test`). Why: docs/decisions.md.
//
// LAYERS lists server/'s folders (and root files, without `.ts`) from the bottom up. A folder may
// import its own files and the folders of lower layers, never a folder of its own layer or above.
// Type-only imports count. Test code is exempt.
const LAYERS = [
  ['errors', 'threads'],
  ['http'],
  ['config', 'version'],
  ['db', 'metrics'],
  ['app-context'],
  ['limits', 'idempotency'],
  ['mail'],
  ['catalog', 'discounts', 'backups'],
  ['orders'],
  ['auth', 'customers', 'analytics', 'print-files', 'mail-delivery'],
  ['staff', 'sync'],
  ['payments'],
  ['checkout'],
  ['health', 'shop-metrics'],
  ['app', 'seed'],
  ['main'],
  ['start'],
];

const TEST_CODE = '\\.test\\.tsx?$|\\.test-support\\.ts$|\\.type-test\\.ts$|\\.soak\\.ts$|^server/(test|scale|soak)/';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const folderPath = (names) => `^server/(${names.map(escape).join('|')})(/|\\.tsx?$)`;

const rules = LAYERS.flatMap((layer, index) =>
  layer.flatMap((folder) => {
    const notBelow = LAYERS.slice(index).flat().filter((other) => other !== folder);
    if (notBelow.length === 0) return [];
    return [
      {
        name: `${folder}-imports-only-lower-layers`,
        severity: 'error',
        comment: `server/${folder} may import only the layers below it: ${LAYERS.slice(0, index).flat().join(', ') || 'none'} (.dependency-cruiser.mjs)`,
        from: { path: folderPath([folder]), pathNot: TEST_CODE },
        to: { path: folderPath(notBelow) },
      },
    ];
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...rules,
    {
      name: 'server-folder-has-a-layer',
      severity: 'error',
      comment: 'Every server folder and root file is in LAYERS (.dependency-cruiser.mjs): add the new one where it belongs',
      from: { path: '^server/', pathNot: [TEST_CODE, folderPath(LAYERS.flat()), '\\.d\\.ts$'] },
      to: {},
    },
  ],
  options: {
    includeOnly: '^server/',
    exclude: { path: TEST_CODE },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'] },
  },
};
