// The server's folders depend one way (`npm run check:deps`, part of `npm test`). Why: docs/decisions.md.
//
// LAYERS lists server/'s folders (and root files, without `.ts`) from the bottom up. A folder may
// import its own files and the folders of lower layers, never a folder of its own layer or above.
// Type-only imports count. Test code is exempt.
const LAYERS = [
  ['errors'],
  ['http'],
  ['config', 'version'],
  ['db', 'metrics'],
  ['write-path'],
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

// Temporary, until the write path is rewritten: the order writer still lives in checkout/ and the
// change sequence still hands out numbers in blocks from sync/. Remove these once they have moved.
const TEMPORARY_EXCEPTIONS = [
  { from: 'server/payments/payment.service.ts', to: 'server/checkout/paid-order.ts' },
  { from: 'server/payments/payment.rebuild.ts', to: 'server/checkout/paid-order.ts' },
  { from: 'server/orders/change-sequence.repository.ts', to: 'server/sync/change-seq-block.ts' },
];

const TEST_CODE = '\\.test\\.tsx?$|\\.test-support\\.ts$|\\.type-test\\.ts$|\\.soak\\.ts$|^server/(test|scale|soak)/';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const folderPath = (names) => `^server/(${names.map(escape).join('|')})(/|\\.tsx?$)`;

const rules = LAYERS.flatMap((layer, index) =>
  layer.flatMap((folder) => {
    const notBelow = LAYERS.slice(index).flat().filter((other) => other !== folder);
    if (notBelow.length === 0) return [];
    const exceptions = TEMPORARY_EXCEPTIONS.filter((exception) => new RegExp(folderPath([folder])).test(exception.from));
    const rule = (from, toPathNot) => ({
      name: `${folder}-imports-only-lower-layers`,
      severity: 'error',
      comment: `server/${folder} may import only the layers below it: ${LAYERS.slice(0, index).flat().join(', ') || 'none'} (.dependency-cruiser.mjs)`,
      from,
      to: { path: folderPath(notBelow), ...(toPathNot ? { pathNot: toPathNot } : {}) },
    });
    return [
      rule({ path: folderPath([folder]), pathNot: [TEST_CODE, ...exceptions.map((exception) => `^${escape(exception.from)}$`)] }),
      ...exceptions.map((exception) => rule({ path: `^${escape(exception.from)}$` }, `^${escape(exception.to)}$`)),
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
