import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-titles';

describe('page titles', () => {
  it('gives every shop route its own title', () => {
    const routes = ['/', '/how-it-works', '/faq', '/gallery', '/checkout', '/account', '/orders/track'];
    const titles = routes.map(pageTitle);
    expect(new Set(titles).size).toBe(routes.length);
    for (const title of titles) expect(title).toMatch(/ · Villa Prints$/);
    expect(pageTitle('/gallery/')).toBe('Community designs · Villa Prints');
    expect(pageTitle('/customize')).toBe(pageTitle('/'));
  });
});
