import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderInShop, resetShopDb } from '../components/test-support';
import { Header } from './Header';

describe('shop header', () => {
  beforeEach(resetShopDb);
  afterEach(cleanup);

  const current = () =>
    within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);

  it.each(['/', '/customize'])('marks Customize as the current page on %s', (path) => {
    renderInShop(<Header />, path);
    expect(current()).toEqual(['Customize']);
  });

  it('marks only the page shown elsewhere', () => {
    renderInShop(<Header />, '/faq');
    expect(current()).toEqual(['FAQ']);
  });
});
