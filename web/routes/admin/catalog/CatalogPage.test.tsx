import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { LiveCatalog } from '../../../../shared/catalog';
import { CATALOG_MESSAGES } from '../../../../shared/schemas/catalog';
import { NotificationProvider } from '../../../components/notifications';
import CatalogPage from './CatalogPage';

function catalog(): LiveCatalog {
  return {
    version: '3',
    productTypes: [
      {
        id: 'champagne-glass',
        name: 'Champagne Flute',
        priceCents: 595,
        compareAtCents: 745,
        variants: [{ id: 11, name: 'Standard Glass', printArea: { widthMm: 40, lengthMm: 110 }, placement: null, active: true }],
      },
    ],
    colors: [{ name: 'Hot Pink', hex: '#FF1493', active: true }],
    fonts: [
      { name: 'Pecita', active: true },
      { name: 'Inter', active: false },
    ],
  };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage() {
  return render(
    <MemoryRouter>
      <NotificationProvider>
        <CatalogPage />
      </NotificationProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('Catalogue screen', () => {
  it('shows the catalogue with a named control for every action, and the server’s words on a refused edit', async () => {
    const requests: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        requests.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (init.method === 'POST') return json(409, { error: 'A variant named “Standard Glass” already exists', code: 'VARIANT_EXISTS' });
        return json(200, catalog());
      }),
    );
    renderPage();
    expect(screen.getByText('Loading the catalogue…').getAttribute('role')).toBe('status');
    const flutes = await screen.findByRole('list', { name: 'Champagne Flute variants' });
    expect(within(flutes).getByText('40 × 110 mm')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Retire Standard Glass' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Edit usable area of Standard Glass' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Placement of Standard Glass' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Mark Hot Pink out of stock' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Offer Inter' }) as HTMLInputElement).checked).toBe(false);
    // The one font on offer cannot be switched off: the designer needs one.
    expect((screen.getByRole('checkbox', { name: 'Offer Pecita' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Champagne Flute price in dollars') as HTMLInputElement).value).toBe('5.95');

    await userEvent.type(screen.getByLabelText('New Champagne Flute variant name'), 'standard glass');
    await userEvent.click(screen.getByRole('button', { name: 'Add Champagne Flute variant' }));
    expect((await screen.findAllByText('A variant named “Standard Glass” already exists')).length).toBeGreaterThan(0);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ productType: 'champagne-glass', name: 'standard glass', printArea: { widthMm: 40, lengthMm: 110 } });
  });

  it('edits a placement: prefilled with the current one, checked by the API’s schema, then sent', async () => {
    const requests: { method: string; body: unknown }[] = [];
    let stored: unknown = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        // A saved edit also refreshes the shop's own catalogue (catalog-remote.ts): answered with an
        // outage, so this small test catalogue never becomes the one the later test files read.
        if (String(url).includes('/api/products/catalog')) return json(503, { error: 'Service unavailable', code: 'UNAVAILABLE' });
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        requests.push({ method: init.method ?? 'GET', body });
        if (init.method === 'PATCH') {
          stored = body.placement;
          return json(200, { variant: { ...catalog().productTypes[0]!.variants[0], productType: 'champagne-glass', placement: body.placement } });
        }
        const answer = catalog();
        answer.productTypes[0]!.variants[0]!.placement = stored as never;
        return json(200, answer);
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Placement of Standard Glass' }));
    const form = screen.getByRole('form', { name: 'Placement of Standard Glass' });
    // No stored placement: the flute's rule (66 × 227 mm, centre 75 mm below the rim).
    expect((within(form).getByLabelText('Standard Glass product width in mm') as HTMLInputElement).value).toBe('66');
    expect((within(form).getByLabelText('Standard Glass product height in mm') as HTMLInputElement).value).toBe('227');
    expect((within(form).getByLabelText('Standard Glass centre across in mm') as HTMLInputElement).value).toBe('33');
    const down = within(form).getByLabelText('Standard Glass centre down in mm') as HTMLInputElement;
    expect(down.value).toBe('75');
    const guide = within(form).getByLabelText('Standard Glass placement guide') as HTMLInputElement;
    expect(guide.value).toBe('Centre 75 mm below the rim, text running down the bowl');

    const height = within(form).getByLabelText('Standard Glass product height in mm') as HTMLInputElement;
    await userEvent.clear(height);
    await userEvent.type(height, '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Save placement of Standard Glass' }));
    expect(screen.getByRole('alert').textContent).toBe(CATALOG_MESSAGES.areaOutside({ widthMm: 40, lengthMm: 110 }));
    await userEvent.clear(guide);
    await userEvent.clear(height);
    await userEvent.type(height, '227');
    await userEvent.clear(down);
    await userEvent.type(down, '80');
    await userEvent.click(within(form).getByRole('button', { name: 'Save placement of Standard Glass' }));
    expect(screen.getByRole('alert').textContent).toBe(CATALOG_MESSAGES.guide);
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await userEvent.type(guide, 'Centre 80 mm below the rim');
    await userEvent.click(within(form).getByRole('button', { name: 'Save placement of Standard Glass' }));
    expect(await screen.findByText('Standard Glass: placement saved')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      placement: { productMm: { width: 66, height: 227 }, centreMm: { x: 33, y: 80 }, guide: 'Centre 80 mm below the rim' },
    });
    expect(screen.queryByRole('form', { name: 'Placement of Standard Glass' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Placement of Standard Glass' }));
    expect((screen.getByLabelText('Standard Glass placement guide') as HTMLInputElement).value).toBe('Centre 80 mm below the rim');
  });

  it('says why when the catalogue cannot be loaded (an admin who is not the owner) and offers a retry', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(403, { error: 'Access denied. You do not have permission.', code: 'FORBIDDEN' })));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Access denied. You do not have permission.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('keeps every edit disabled offline and says so', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    vi.stubGlobal('fetch', vi.fn(async () => json(200, catalog())));
    renderPage();
    await screen.findByRole('list', { name: 'Champagne Flute variants' });
    expect(screen.getByText('Offline: the catalogue can be changed once the connection is back.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Retire Standard Glass' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Placement of Standard Glass' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save prices of Champagne Flute' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add colour' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
