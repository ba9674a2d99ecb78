import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadShopDb } from '../../db/lazy-db';
import { renderInShop, resetShopDb } from '../../components/test-support';
import GalleryPage from './GalleryPage';
import { filterAndSort, GALLERY_DESIGNS, NO_FILTERS, type GallerySort } from './gallery-logic';

describe('gallery page', () => {
  beforeEach(resetShopDb);
  afterEach(cleanup);

  it('shows the loading state, then 8 of the 9 designs; More Designs reshuffles', async () => {
    const user = userEvent.setup();
    renderInShop(<GalleryPage />);
    expect(screen.getByText('Loading community designs...')).toBeTruthy();
    const cards = await screen.findAllByTestId('design-card', undefined, { timeout: 3000 });
    expect(cards).toHaveLength(8);
    expect(GALLERY_DESIGNS).toHaveLength(9);
    const texts = () => screen.getAllByTestId('design-card').map((card) => within(card).getByRole('heading').textContent);
    const seen = new Set(texts());
    for (let i = 0; i < 10 && seen.size < 9; i++) {
      await user.click(screen.getByRole('button', { name: 'More Designs' }));
      expect(screen.getAllByTestId('design-card')).toHaveLength(8);
      texts().forEach((text) => seen.add(text));
    }
    expect(seen.size).toBe(9);
  });

  it('switches between grid and list views', async () => {
    const user = userEvent.setup();
    renderInShop(<GalleryPage />);
    const list = await screen.findByRole('list', { name: 'Designs' }, { timeout: 3000 });
    expect(list.className).toContain('designs--grid');
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('list', { name: 'Designs' }).className).toContain('designs--list');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('counts a like locally and keeps it in IndexedDB', async () => {
    const user = userEvent.setup();
    renderInShop(<GalleryPage />);
    const [card] = await screen.findAllByTestId('design-card', undefined, { timeout: 3000 });
    const before = Number(within(card).getByTestId('like-count').textContent);
    await user.click(within(card).getByRole('button', { name: /^Like/ }));
    await waitFor(() => expect(Number(within(card).getByTestId('like-count').textContent)).toBe(before + 1));
    const { db } = await loadShopDb();
    expect((await db.likes.toArray())[0].likes).toBe(1);
  });

  it("asks for the shopper's phone model before adding a phone-case design", async () => {
    const user = userEvent.setup();
    renderInShop(<GalleryPage />);
    const cards = await screen.findAllByTestId('design-card', undefined, { timeout: 3000 });
    const card = cards.find((c) => /iPhone|Samsung/.test(c.textContent ?? ''))!;
    await user.click(within(card).getByRole('button', { name: /to cart/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Which phone is it for?' });
    const { db } = await loadShopDb();
    expect(await db.cart.count()).toBe(0);
    await user.selectOptions(within(dialog).getByLabelText('Your phone model'), 'Samsung Galaxy S22');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    await screen.findByText('Added to cart!');
    const [line] = await db.cart.toArray();
    expect(`“${line.text}”`).toBe(within(card).getByRole('heading').textContent);
    expect(line).toMatchObject({ device: 'Samsung Galaxy S22', productType: 'phone-case', priceCents: 595 });
  });

  it("links 'Personalise this' to the designer pre-filled with the sample", async () => {
    renderInShop(<GalleryPage />);
    const [card] = await screen.findAllByTestId('design-card', undefined, { timeout: 3000 });
    const link = within(card).getByRole('link', { name: /^Personalise this/ });
    const params = new URL(link.getAttribute('href')!, 'http://shop.test').searchParams;
    expect(`“${params.get('text')}”`).toBe(within(card).getByRole('heading').textContent);
    expect(within(card).getByText(new RegExp(`^${params.get('device')} · ${params.get('color')}$`))).toBeTruthy();
  });

  it('filters by search, device and colour from the filter panel', async () => {
    const user = userEvent.setup();
    renderInShop(<GalleryPage />);
    await screen.findAllByTestId('design-card', undefined, { timeout: 3000 });
    await user.click(screen.getByText('Search, filter and sort'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    const ratings = screen.getAllByText(/^★ /).map((el) => Number(el.textContent!.slice(2)));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    await user.selectOptions(screen.getByLabelText('Colour'), 'Teal');
    const shown = screen.queryAllByTestId('design-card');
    shown.forEach((card) => expect(card.textContent).toContain('Teal'));
  });
});

describe('gallery filters and sorts', () => {
  const sorted = (sort: GallerySort) => filterAndSort(GALLERY_DESIGNS, { ...NO_FILTERS, sort });

  it('sorts by popularity, rating, price and date', () => {
    const likes = sorted('popular').map((d) => d.likes);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    const ratings = sorted('rating').map((d) => d.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const withPrices = [...GALLERY_DESIGNS, { ...GALLERY_DESIGNS[0], id: 'x', price: 9.5 }, { ...GALLERY_DESIGNS[0], id: 'y', price: 3 }];
    expect(filterAndSort(withPrices, { ...NO_FILTERS, sort: 'price-low' }).map((d) => d.id).slice(0, 1)).toEqual(['y']);
    expect(filterAndSort(withPrices, { ...NO_FILTERS, sort: 'price-high' }).map((d) => d.id).slice(0, 1)).toEqual(['x']);
    const dates = sorted('newest').map((d) => d.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('counts local likes when sorting by popularity', () => {
    const least = sorted('popular').at(-1)!;
    const first = filterAndSort(GALLERY_DESIGNS, NO_FILTERS, (d) => d.likes + (d.id === least.id ? 10_000 : 0))[0];
    expect(first.id).toBe(least.id);
  });

  it('filters by search text, device and colour', () => {
    expect(filterAndSort(GALLERY_DESIGNS, { ...NO_FILTERS, search: 'GRAFTED' }).map((d) => d.text)).toEqual(['Grafted']);
    expect(filterAndSort(GALLERY_DESIGNS, { ...NO_FILTERS, device: 'Large Bottle' }).every((d) => d.device === 'Large Bottle')).toBe(true);
    expect(filterAndSort(GALLERY_DESIGNS, { ...NO_FILTERS, color: 'Teal' }).map((d) => d.color)).toEqual(['Teal']);
    expect(filterAndSort(GALLERY_DESIGNS, { ...NO_FILTERS, color: 'Teal', device: 'iPhone 13' })).toEqual([]);
  });
});
