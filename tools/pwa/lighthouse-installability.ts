/**
 * Lighthouse 12 dropped its PWA category, and with it the 'installable-manifest' audit. This puts
 * the equivalent back as a Lighthouse plugin-style config: a gatherer asking Chromium the same
 * question the old audit asked (CDP Page.getInstallabilityErrors + Page.getAppManifest), and an
 * 'installable-manifest' audit that passes when Chromium reports no installability error.
 * Used by e2e/pwa-install.e2e.ts and bench/sw.bench.ts.
 */
import lighthouse, { Audit, Gatherer } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

interface InstallabilityArtifact {
  errors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
  manifestUrl: string | null;
  manifestErrors: { message: string; critical: number }[];
}

class InstallabilityGatherer extends Gatherer {
  override meta = { supportedModes: ['navigation' as const] };

  // The artifact is ours, unknown to Lighthouse's artifact map: typed loosely at this boundary.
  override async getArtifact(context: any): Promise<any> {
    const session = context.driver.defaultSession;
    const manifest = await session.sendCommand('Page.getAppManifest');
    const { installabilityErrors } = await session.sendCommand('Page.getInstallabilityErrors');
    const artifact: InstallabilityArtifact = { errors: installabilityErrors, manifestUrl: manifest.url || null, manifestErrors: manifest.errors ?? [] };
    return artifact;
  }
}

class InstallableManifestAudit extends Audit {
  static override get meta(): any {
    return {
      id: 'installable-manifest',
      title: 'Web app manifest and service worker meet the installability requirements',
      failureTitle: 'Web app manifest or service worker do not meet the installability requirements',
      description: 'Chromium reports the page installable: a valid manifest with name, icons, start URL and display mode.',
      requiredArtifacts: ['Installability'],
    };
  }

  static override audit(artifacts: any): any {
    const found = artifacts.Installability as InstallabilityArtifact;
    const problems = [
      ...found.errors.map((e) => ({ reason: e.errorId + (e.errorArguments.length ? ` (${e.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : '') })),
      ...found.manifestErrors.filter((e) => e.critical).map((e) => ({ reason: `manifest: ${e.message}` })),
    ];
    if (!found.manifestUrl) problems.push({ reason: 'no-manifest' });
    return {
      score: problems.length ? 0 : 1,
      details: Audit.makeTableDetails([{ key: 'reason', valueType: 'text', label: 'Failure reason' }], problems),
    };
  }
}

export const installabilityConfig = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'Installability', gatherer: { implementation: InstallabilityGatherer } }],
  audits: [{ implementation: InstallableManifestAudit }],
  categories: {
    installability: { title: 'Installability', auditRefs: [{ id: 'installable-manifest', weight: 1 }] },
  },
  settings: { onlyCategories: ['installability'] },
} as any;

export interface InstallabilityResult {
  score: number | null;
  failures: string[];
  lighthouseVersion: string;
}

/** Runs Lighthouse (with its own headless Chromium) on `url` and returns the installability audit. */
export async function runInstallabilityAudit(url: string, chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'): Promise<InstallabilityResult> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' }, installabilityConfig);
    if (!result) throw new Error('Lighthouse returned no result');
    const audit = result.lhr.audits['installable-manifest'];
    const items = ((audit?.details as any)?.items ?? []) as { reason: string }[];
    return { score: audit?.score ?? null, failures: items.map((i) => i.reason), lighthouseVersion: result.lhr.lighthouseVersion };
  } finally {
    chrome.kill();
  }
}
