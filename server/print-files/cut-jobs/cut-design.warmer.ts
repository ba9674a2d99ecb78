import type { AppContext } from '../../app-context';
import { registerCutDesignWarmer, type CutDesignWarmer } from '../../orders/cut-design-requests';
import { loadPrintOrders } from '../print-file.repository';
import { cutDesignsFor } from './cut-design.service';

/** Orders paid close together are worked out in one pass: a burst of checkouts is a few tasks, not one each. */
const GATHER_MS = 200;
/** Orders per pass: a few hundred lines, read and stored in the cut designs' own batches. */
const ORDERS_PER_PASS = 200;

/**
 * Works out a paid order's cut designs (outline, box, thin parts) on the cut-job threads as soon as
 * it is paid and stores them under their design keys, so a cut job of a large queue reads them
 * rather than working out thousands at once. Never in the request that paid (it only names the
 * order), never a reason for the order to fail: a design not worked out here is worked out by the
 * first cut job that needs it, as before.
 */
export function startCutDesignWarmer(app: AppContext): CutDesignWarmer {
  const pending = new Set<string>();
  let running: Promise<void> | null = null;
  let closed = false;

  async function drain(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, GATHER_MS).unref());
    while (pending.size && !closed) {
      const ids = [...pending].slice(0, ORDERS_PER_PASS);
      for (const id of ids) pending.delete(id);
      try {
        const { orders } = await loadPrintOrders(app.db, ids);
        await cutDesignsFor(app, orders.flatMap((order) => order.items), app.config.minFeatureMm);
      } catch (error) {
        app.logger.warn('Cut designs not prepared at payment; the first cut job works them out', { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  const warmer: CutDesignWarmer = {
    orderPaid(orderId) {
      if (closed) return;
      pending.add(orderId);
      running ??= drain().finally(() => {
        running = null;
        if (pending.size && !closed) warmer.orderPaid([...pending][0]!);
      });
    },
    async close() {
      closed = true;
      pending.clear();
      await running;
    },
  };
  if (app.config.cutDesignsAtPayment) registerCutDesignWarmer(app, warmer);
  return warmer;
}
