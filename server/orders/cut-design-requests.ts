import type { AppContext } from '../app-context';

/** What print-files/ runs to work out orders' cut designs in the background (cut-design.warmer.ts). */
export interface CutDesignWarmer {
  /** An order was paid (written and committed): its designs are worked out soon, in the background. */
  orderPaid(orderId: string): void;
  /** Stops taking orders and waits for the pass under way. */
  close(): Promise<void>;
}

const warmers = new WeakMap<AppContext, CutDesignWarmer>();

/** The app's warmer registers here, so the domains that pay or edit orders need not know print files. */
export function registerCutDesignWarmer(app: AppContext, warmer: CutDesignWarmer): void {
  warmers.set(app, warmer);
}

/** Names paid orders to the app's warmer; nothing when cut designs are not worked out at payment. */
export function prepareCutDesigns(app: AppContext, orderIds: readonly string[]): void {
  const warmer = warmers.get(app);
  for (const id of orderIds) warmer?.orderPaid(id);
}
